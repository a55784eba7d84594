import { randomBytes } from 'node:crypto';
import type { ChatCompletion, ChatFinishReason, ChatToolCall, ChatUsage } from '../../formats/openai-chat-types';
import type { GeminiPart, GeminiUsage, GenerateContentResponse } from './wire';

const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);

const newToolCallId = () => `call_${randomBytes(12).toString('hex')}`;

/**
 * Where a function call's thought signature travels in OpenAI's shape, as Google's own OpenAI
 * compatibility puts it: `extra_content.google.thought_signature`, echoed back by clients that send
 * the assistant message as they received it.
 */
const withThoughtSignature = (signature: string) => ({ extra_content: { google: { thought_signature: signature } } });

/** The thought signature a client echoed back on a tool call, if any. */
export function thoughtSignatureOf(call: object): string | undefined {
  const signature = (call as { extra_content?: { google?: { thought_signature?: unknown } } }).extra_content?.google
    ?.thought_signature;
  return typeof signature === 'string' && signature ? signature : undefined;
}

/** Gemini's finish reason in OpenAI's words (a candidate that called functions ends in tool_calls). */
export function finishReasonOf(reason: string | undefined, calledTools: boolean): ChatFinishReason {
  if (!reason) return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return calledTools ? 'tool_calls' : 'stop';
}

/**
 * usageMetadata as OpenAI usage: thoughts count as completion (reasoning) tokens, cached content as
 * cached prompt tokens, tool-use prompt tokens as prompt tokens.
 */
export function usageFromMetadata(metadata: GeminiUsage | undefined): ChatUsage | undefined {
  if (!metadata) return undefined;
  const prompt = (metadata.promptTokenCount ?? 0) + (metadata.toolUsePromptTokenCount ?? 0);
  const thoughts = metadata.thoughtsTokenCount ?? 0;
  const completion = (metadata.candidatesTokenCount ?? 0) + thoughts;
  const usage: ChatUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (metadata.cachedContentTokenCount)
    usage.prompt_tokens_details = { cached_tokens: metadata.cachedContentTokenCount };
  if (thoughts) usage.completion_tokens_details = { reasoning_tokens: thoughts };
  return usage;
}

export interface ConvertedParts {
  content: string;
  reasoning: string;
  toolCalls: ChatToolCall[];
}

/** Text, thoughts, function calls and generated images of one candidate's parts. */
export function convertParts(parts: GeminiPart[] | undefined): ConvertedParts {
  const converted: ConvertedParts = { content: '', reasoning: '', toolCalls: [] };
  for (const part of parts ?? []) {
    if (part.functionCall) {
      converted.toolCalls.push({
        id: part.functionCall.id || newToolCallId(),
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
        ...(part.thoughtSignature ? withThoughtSignature(part.thoughtSignature) : {}),
      });
    } else if (typeof part.text === 'string') {
      if (part.thought) converted.reasoning += part.text;
      else converted.content += part.text;
    } else if (part.inlineData) {
      converted.content += `![image](data:${part.inlineData.mimeType ?? 'image/png'};base64,${part.inlineData.data})`;
    }
  }
  return converted;
}

/** A whole generateContent answer as an OpenAI chat completion. */
export function toChatCompletion(
  response: GenerateContentResponse,
  model: string,
  id = `chatcmpl-${randomBytes(12).toString('hex')}`,
): ChatCompletion {
  const candidates = response.candidates ?? [];
  const choices: ChatCompletion['choices'] = candidates.map((candidate, position) => {
    const parts = convertParts(candidate.content?.parts);
    return {
      index: candidate.index ?? position,
      message: {
        role: 'assistant',
        content: parts.content || (parts.toolCalls.length ? null : ''),
        ...(parts.reasoning ? { reasoning_content: parts.reasoning } : {}),
        ...(parts.toolCalls.length ? { tool_calls: parts.toolCalls } : {}),
      },
      finish_reason: finishReasonOf(candidate.finishReason ?? 'STOP', parts.toolCalls.length > 0),
    };
  });
  if (choices.length === 0 && response.promptFeedback?.blockReason) {
    choices.push({ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' });
  }
  const usage = usageFromMetadata(response.usageMetadata);
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
    ...(usage ? { usage } : {}),
  };
}
