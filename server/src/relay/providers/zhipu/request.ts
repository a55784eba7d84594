import type { ChatMessage, ChatRequest } from '../../formats/openai-chat-types';
import { plainText } from '../own-api-adapter';
import { endpointNotServed, misconfigured } from '../openai-compatible/request';
import { defaultBaseUrl } from '../openai-compatible/vendors';
import type { UpstreamRequest, UpstreamTarget } from '../provider';
import { zhipuKeyParts, zhipuToken } from './token';
import { messages } from '../../../platform/i18n/catalogue';

/**
 * OpenAI messages as the v3 `prompt`: it knows only user and assistant turns, so a system prompt
 * becomes a user turn the assistant acknowledges.
 */
export function zhipuPrompt(messages: ChatMessage[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  return messages.flatMap((message) => {
    const content = plainText(message.content);
    if (message.role === 'system' || message.role === 'developer') {
      return [
        { role: 'user' as const, content },
        { role: 'assistant' as const, content: 'OK' },
      ];
    }
    return [{ role: message.role === 'assistant' ? ('assistant' as const) : ('user' as const), content }];
  });
}

/** `POST {base}/api/paas/v3/model-api/{model}/invoke` (or `sse-invoke` for streams) with the signed token. */
export async function zhipuRequest(target: UpstreamTarget, chat: ChatRequest): Promise<UpstreamRequest> {
  const { channel, endpoint, upstreamModel, stream } = target;
  if (endpoint.kind !== 'chat') throw endpointNotServed(endpoint);
  const parts = zhipuKeyParts(channel.key);
  if (!parts) throw misconfigured(channel, messages.provider.badKeyFormat, { format: 'id.secret' });
  const base = channel.baseUrl || defaultBaseUrl(channel.type);
  const body = {
    prompt: zhipuPrompt(chat.messages),
    ...(chat.temperature !== undefined ? { temperature: chat.temperature } : {}),
    ...(chat.top_p !== undefined ? { top_p: chat.top_p } : {}),
    ...(stream ? { incremental: true } : {}),
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: await zhipuToken(parts.id, parts.secret),
  };
  if (stream) headers.accept = 'text/event-stream';
  const action = stream ? 'sse-invoke' : 'invoke';
  return {
    url: `${base}/api/paas/v3/model-api/${encodeURIComponent(upstreamModel)}/${action}`,
    headers,
    body: Buffer.from(JSON.stringify(body)),
  };
}
