import type { Usage } from '../billing/quota';
import type { ChatCompletion, ChatFinishReason, ChatToolCall, ChatUsage } from './openai-chat-types';

/** A Map, so an upstream's `finish_reason` such as "constructor" reads no object prototype. */
const stopReasons = new Map<string, string>([
  ['stop', 'end_turn'],
  ['length', 'max_tokens'],
  ['tool_calls', 'tool_use'],
  ['function_call', 'tool_use'],
  ['content_filter', 'refusal'],
]);

export const stopReasonOf = (reason: ChatFinishReason | undefined): string =>
  reason ? (stopReasons.get(reason) ?? 'end_turn') : 'end_turn';

/** Claude usage: input tokens exclude the cache reads and writes Anthropic reports apart. */
export function claudeUsageOf(usage: Usage | null) {
  const cached = usage?.cachedTokens ?? 0;
  const written = usage?.cacheWriteTokens ?? 0;
  return {
    input_tokens: Math.max(0, (usage?.promptTokens ?? 0) - cached - written),
    output_tokens: usage?.completionTokens ?? 0,
    cache_read_input_tokens: cached,
    cache_creation_input_tokens: written,
  };
}

/** OpenAI usage read back into the gateway's terms. */
export function usageOfChat(usage: ChatUsage | undefined | null): Usage | null {
  if (!usage) return null;
  return {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    cachedTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
    cacheWriteTokens: usage.prompt_tokens_details?.cache_write_tokens ?? 0,
  };
}

function parseInput(call: ChatToolCall): unknown {
  try {
    const value: unknown = JSON.parse(call.function.arguments || '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

const toolUseIdOf = (call: ChatToolCall, position: number) => call.id || `toolu_${position}`;

/** An OpenAI chat completion as a Messages API answer. */
export function chatToMessage(completion: ChatCompletion, requestedModel: string) {
  const choice = completion.choices[0];
  const message = choice?.message;
  const content: Array<Record<string, unknown>> = [];
  if (message?.reasoning_content)
    content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  const text = typeof message?.content === 'string' ? message.content : '';
  if (text) content.push({ type: 'text', text });
  (message?.tool_calls ?? []).forEach((call, position) => {
    content.push({
      type: 'tool_use',
      id: toolUseIdOf(call, position),
      name: call.function.name ?? '',
      input: parseInput(call),
    });
  });
  if (content.length === 0) content.push({ type: 'text', text: '' });
  return {
    id: completion.id?.startsWith('msg') ? completion.id : `msg_${completion.id ?? ''}`,
    type: 'message',
    role: 'assistant',
    model: completion.model || requestedModel,
    content,
    stop_reason: stopReasonOf(choice?.finish_reason),
    stop_sequence: null,
    usage: claudeUsageOf(usageOfChat(completion.usage)),
  };
}
