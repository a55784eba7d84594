import type { ChatCompletion, ChatMessage, ChatFinishReason, ChatToolCall, ChatUsage } from './openai-chat-types';
import type { GeminiPart, GeminiUsage, GenerateContentResponse } from '../providers/gemini/wire';

/** OpenAI's finish reason in Gemini's words. */
export function geminiFinishReason(reason: ChatFinishReason | string | undefined): string | undefined {
  switch (reason) {
    case null:
    case undefined:
      return undefined;
    case 'length':
      return 'MAX_TOKENS';
    case 'content_filter':
      return 'SAFETY';
    default:
      return 'STOP';
  }
}

/** OpenAI usage as usageMetadata. */
export function usageMetadataOf(usage: ChatUsage | null | undefined): GeminiUsage | undefined {
  if (!usage) return undefined;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  const metadata: GeminiUsage = {
    promptTokenCount: usage.prompt_tokens,
    candidatesTokenCount: Math.max(0, usage.completion_tokens - reasoning),
    totalTokenCount: usage.total_tokens || usage.prompt_tokens + usage.completion_tokens,
  };
  if (reasoning) metadata.thoughtsTokenCount = reasoning;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (cached) metadata.cachedContentTokenCount = cached;
  return metadata;
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The parts of an assistant answer: thoughts, text, then function calls. */
export function geminiParts(
  content: ChatMessage['content'],
  reasoning: string | undefined,
  toolCalls: ChatToolCall[] | undefined,
): GeminiPart[] {
  const parts: GeminiPart[] = [];
  if (reasoning) parts.push({ text: reasoning, thought: true });
  const text =
    typeof content === 'string'
      ? content
      : (content ?? []).map((part) => (part.type === 'text' ? String(part.text) : '')).join('');
  if (text) parts.push({ text });
  for (const call of toolCalls ?? [])
    parts.push({
      functionCall: { name: call.function.name ?? '', args: parseArguments(call.function.arguments ?? '') },
    });
  return parts;
}

/** An OpenAI chat completion as a generateContent answer. */
export function chatCompletionToGemini(completion: ChatCompletion, model: string): GenerateContentResponse {
  const response: GenerateContentResponse = {
    candidates: completion.choices.map((choice) => ({
      content: {
        role: 'model',
        parts: geminiParts(choice.message.content, choice.message.reasoning_content, choice.message.tool_calls),
      },
      finishReason: geminiFinishReason(choice.finish_reason ?? 'stop'),
      index: choice.index,
    })),
    modelVersion: model,
    responseId: completion.id,
  };
  const usage = usageMetadataOf(completion.usage);
  if (usage) response.usageMetadata = usage;
  return response;
}
