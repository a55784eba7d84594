import type { Usage } from '../../billing/quota';
import { chatUsageOf } from '../../formats/openai-chat';
import type { ChatCompletion, ChatFinishReason, ChatMessage, ChatToolCall } from '../../formats/openai-chat-types';
import { finishReasonsBy } from '../own-api-adapter';
import type { OpenAIWhole, WholeAnswer } from '../provider';
import { parseWith, upstreamAnswerOf } from '../../parse-json';
import { claudeMessageSchema, type ClaudeMessage, type ClaudeUsage } from './claude-schemas';

/**
 * Claude usage in the gateway's terms: Anthropic counts cache reads and writes apart from
 * `input_tokens`, so all three add up to the prompt.
 */
export function usageFromClaude(usage: ClaudeUsage | undefined): Usage | null {
  if (!usage) return null;
  const cachedTokens = usage.cache_read_input_tokens ?? 0;
  const cacheWriteTokens = usage.cache_creation_input_tokens ?? 0;
  const promptTokens = (usage.input_tokens ?? 0) + cachedTokens + cacheWriteTokens;
  const completionTokens = usage.output_tokens ?? 0;
  if (promptTokens === 0 && completionTokens === 0) return null;
  return { promptTokens, completionTokens, cachedTokens, cacheWriteTokens };
}

const claudeFinishReason = finishReasonsBy([], {
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
});

export const finishReasonOf = (stopReason: string | null | undefined): ChatFinishReason =>
  stopReason ? claudeFinishReason(stopReason) : null;

/** A Claude answer as an OpenAI chat completion: text, thinking as reasoning_content, tool calls. */
export function claudeToChat(message: ClaudeMessage): OpenAIWhole {
  let text = '';
  let reasoning = '';
  const toolCalls: ChatToolCall[] = [];
  for (const block of message.content) {
    if (block.type === 'text') text += block.text ?? '';
    else if (block.type === 'thinking') reasoning += block.thinking ?? '';
    else if (block.type === 'tool_use') {
      toolCalls.push({
        id: block.id ?? '',
        type: 'function',
        function: { name: block.name ?? '', arguments: JSON.stringify(block.input ?? {}) },
      });
    }
  }
  const reply: ChatMessage = { role: 'assistant', content: text || (toolCalls.length ? null : '') };
  if (reasoning) reply.reasoning_content = reasoning;
  if (toolCalls.length) reply.tool_calls = toolCalls;
  const usage = usageFromClaude(message.usage);
  const completion: ChatCompletion = {
    id: message.id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: message.model,
    choices: [{ index: 0, message: reply, finish_reason: finishReasonOf(message.stop_reason) ?? 'stop' }],
  };
  if (usage) completion.usage = chatUsageOf(usage);
  return { completion, usage };
}

/** A whole Claude answer read for the converted path; a body that is not a Claude message fails over. */
export function claudeCompletionOf(bytes: Buffer): OpenAIWhole {
  const message = upstreamAnswerOf(claudeMessageSchema, bytes.toString('utf8'));
  return claudeToChat(message);
}

/** A whole Claude answer for a Claude client: the bytes unchanged, usage and text read from them. */
export function claudeWholeAnswer(bytes: Buffer, contentType: string): WholeAnswer {
  const message = parseWith(claudeMessageSchema, bytes.toString('utf8'));
  const usage = usageFromClaude(message?.usage);
  const text = usage || !message ? '' : message.content.map((block) => block.text ?? '').join('');
  return { body: bytes, contentType, usage, text };
}
