import type { ChatRequest } from '../../formats/openai-chat-types';
import { plainText } from '../own-api-adapter';
import { endpointNotServed, misconfigured } from '../openai-compatible/request';
import { defaultBaseUrl } from '../openai-compatible/vendors';
import type { UpstreamRequest, UpstreamTarget } from '../provider';
import { tc3Authorization } from './signing';
import { messages } from '../../../platform/i18n/catalogue';

const HUNYUAN_VERSION = '2023-09-01';
const CONTENT_TYPE = 'application/json; charset=utf-8';

/** The key `AppId|SecretId|SecretKey` (the reference product's form) or `SecretId|SecretKey`. */
export function tencentCredentials(key: string): { secretId: string; secretKey: string } | null {
  const parts = key
    .trim()
    .split('|')
    .map((part) => part.trim());
  const [secretId, secretKey] = parts.length === 3 ? parts.slice(1) : parts.length === 2 ? parts : [];
  return secretId && secretKey ? { secretId, secretKey } : null;
}

const roleOf = (role: string) =>
  role === 'system' || role === 'developer' ? 'system' : role === 'assistant' ? 'assistant' : 'user';

/** A chat request as Hunyuan's `ChatCompletions` action (capitalised fields). */
export function hunyuanBody(chat: ChatRequest, model: string, stream: boolean): Record<string, unknown> {
  return {
    Model: model,
    Messages: chat.messages.map((message) => ({ Role: roleOf(message.role), Content: plainText(message.content) })),
    Stream: stream,
    ...(chat.temperature !== undefined ? { Temperature: chat.temperature } : {}),
    ...(chat.top_p !== undefined ? { TopP: chat.top_p } : {}),
  };
}

/** A signed `POST /` with `X-TC-Action: ChatCompletions`, signed now with TC3-HMAC-SHA256. */
export function hunyuanRequest(
  target: UpstreamTarget,
  chat: ChatRequest,
  now: () => number = Date.now,
): UpstreamRequest {
  const { channel, endpoint, upstreamModel, stream } = target;
  if (endpoint.kind !== 'chat') throw endpointNotServed(endpoint);
  const credentials = tencentCredentials(channel.key);
  if (!credentials)
    throw misconfigured(channel, messages.provider.badKeyFormat, { format: 'AppId|SecretId|SecretKey' });
  const base = channel.baseUrl || defaultBaseUrl(channel.type);
  const body = Buffer.from(JSON.stringify(hunyuanBody(chat, upstreamModel, stream)));
  const timestamp = Math.floor(now() / 1000);
  const host = new URL(base).host;
  const authorization = tc3Authorization({
    ...credentials,
    service: 'hunyuan',
    host,
    contentType: CONTENT_TYPE,
    body,
    timestamp,
  });
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPE,
    authorization,
    'x-tc-action': 'ChatCompletions',
    'x-tc-version': HUNYUAN_VERSION,
    'x-tc-timestamp': String(timestamp),
  };
  if (stream) headers.accept = 'text/event-stream';
  return { url: `${base}/`, headers, body };
}
