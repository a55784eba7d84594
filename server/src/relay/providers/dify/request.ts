import type { ChatMessage, ChatRequest } from '../../formats/openai-chat-types';
import { plainText } from '../own-api-adapter';
import { endpointNotServed, misconfigured } from '../openai-compatible/request';
import type { UpstreamRequest, UpstreamTarget } from '../provider';
import { defaultBaseUrl } from '../openai-compatible/vendors';
import { messages } from '../../../platform/i18n/catalogue';

/** Dify wants a user id on every message; one is used when the client names none. */
export const DIFY_DEFAULT_USER = 'switchboard';

const speakers: Record<string, string> = {
  system: 'SYSTEM',
  developer: 'SYSTEM',
  assistant: 'ASSISTANT',
  tool: 'TOOL',
};

/**
 * The query Dify gets. OpenAI clients resend the whole conversation on every call while Dify keeps
 * its own history per `conversation_id`: with a conversation id only the last user message is sent;
 * without one, a new Dify conversation starts and earlier turns (and the system prompt) travel in the
 * query as a transcript, so the app sees what the client's model would have seen.
 */
export function difyQuery(messages: ChatMessage[], continuing: boolean): string {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const question = lastUser >= 0 ? plainText(messages[lastUser]?.content) : '';
  const earlier = lastUser >= 0 ? messages.slice(0, lastUser) : messages;
  if (continuing || earlier.length === 0) return question;
  const transcript = earlier
    .map((message) => `${speakers[message.role] ?? 'USER'}: ${plainText(message.content)}`)
    .join('\n');
  return `${transcript}\nUSER: ${question}`;
}

/** A chat request as Dify's `POST /v1/chat-messages` (blocking, or streaming for streams). */
export function difyRequest(target: UpstreamTarget, chat: ChatRequest): UpstreamRequest {
  const { channel, endpoint, stream } = target;
  if (endpoint.kind !== 'chat') throw endpointNotServed(endpoint);
  const base = channel.baseUrl || defaultBaseUrl(channel.type);
  if (!base) throw misconfigured(channel, messages.provider.noBaseUrl);
  const conversationId = typeof chat.conversation_id === 'string' ? chat.conversation_id : '';
  const body = {
    inputs: chat.inputs && typeof chat.inputs === 'object' ? chat.inputs : {},
    query: difyQuery(chat.messages, conversationId !== ''),
    response_mode: stream ? 'streaming' : 'blocking',
    conversation_id: conversationId,
    user: typeof chat.user === 'string' && chat.user ? chat.user : DIFY_DEFAULT_USER,
    auto_generate_name: false,
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${channel.key}`,
  };
  if (stream) headers.accept = 'text/event-stream';
  return { url: `${base}/v1/chat-messages`, headers, body: Buffer.from(JSON.stringify(body)) };
}
