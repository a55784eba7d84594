import { chatChunk, type ChatStreamIdentity } from '../formats/chat-chunk';
import { chatUsageOf } from '../formats/openai-chat';
import type { ChatChunk, ChatCompletion, ChatFinishReason, ChatMessage } from '../formats/openai-chat-types';
import type { Usage } from '../billing/quota';
import type { CachedChannel } from '../caches/channel-index';
import type { UpstreamError } from '../relay-error';
import { SseUsageTap } from '../stream/sse-usage-tap';
import type { NativePath, OpenAIPath, ProviderAdapter } from './provider';

/**
 * The vendor's own format both ways, for a client body sent upstream unchanged (a pass-through
 * channel): the address and credentials still come from `openai.request`, the answer goes back as
 * the vendor wrote it; usage is read only from streams in OpenAI's shape (the prompt is billed from the
 * local estimate otherwise).
 */
function ownFormatPath(openai: OpenAIPath): NativePath {
  return {
    request: (target, body) => {
      const json = body.json ?? {};
      return openai.request(target, {
        ...json,
        model: target.upstreamModel,
        messages: Array.isArray(json.messages) ? (json.messages as ChatMessage[]) : [],
      });
    },
    whole: (bytes, contentType) => ({ body: bytes, contentType, usage: null, text: '' }),
    stream: () => new SseUsageTap(true),
  };
}

/**
 * An adapter for a vendor with its own API (Baidu, Dify, Coze, …): no client speaks it, so every
 * client (OpenAI, Anthropic, Gemini) reaches it through the OpenAI chat shape.
 */
export function ownApiAdapter(
  openai: OpenAIPath,
  errorFrom: (status: number, bodyText: string, channel: CachedChannel) => UpstreamError,
): ProviderAdapter {
  return { nativeDialect: () => 'own', native: ownFormatPath(openai), openai, errorFrom };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A vendor's finish reason in OpenAI's words: the `same` names the vendor shares with OpenAI, the
 * `renamed` ones by its table; any other reason is a natural stop.
 */
export function finishReasonsBy(
  same: NonNullable<ChatFinishReason>[],
  renamed: Record<string, ChatFinishReason> = {},
): (reason?: string) => ChatFinishReason {
  const reasons = new Map<string, ChatFinishReason>([
    ...same.map((name) => [name, name] as const),
    ...Object.entries(renamed),
  ]);
  return (reason) => reasons.get(reason ?? '') ?? 'stop';
}

/** The text of a 2xx answer; a vendor that answers errors with 2xx has its error (read by `refusal`) thrown. */
export function answerTextOf(
  bytes: Buffer,
  channel: CachedChannel,
  refusal: (text: string, channel: CachedChannel) => UpstreamError | null,
): string {
  const text = bytes.toString('utf8');
  const error = refusal(text, channel);
  if (error) throw error;
  return text;
}

/** A whole OpenAI chat completion of one assistant text. */
export function textCompletion(
  id: string,
  model: string,
  text: string,
  finishReason: ChatFinishReason,
  usage: Usage | null,
): ChatCompletion {
  return {
    id,
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
    ...(usage ? { usage: chatUsageOf(usage) } : {}),
  };
}

/** One OpenAI chat chunk of `stream` carrying a piece of assistant text (and the finish reason on the last). */
export function textChunk(stream: ChatStreamIdentity, text: string, finishReason: ChatFinishReason = null): ChatChunk {
  return chatChunk(stream, { role: 'assistant', content: text }, finishReason);
}

/** The text of a message's content (its text parts joined; images and other parts left out). */
export function plainText(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}
