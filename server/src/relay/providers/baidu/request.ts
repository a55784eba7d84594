import type { ChatMessage, ChatRequest } from '../../formats/openai-chat-types';
import { plainText } from '../own-api-adapter';
import { endpointNotServed, misconfigured } from '../openai-compatible/request';
import type { UpstreamRequest, UpstreamTarget } from '../provider';
import { baiduAccessToken, baiduCredentials } from './credentials';
import { messages } from '../../../platform/i18n/catalogue';

export const BAIDU_BASE_URL = 'https://aip.baidubce.com';
const CHAT_PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/';
const EMBEDDINGS_PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/';

/** Models whose service name differs from their lowercased name (Baidu's model list). */
const chatServices: Record<string, string> = {
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Bot': 'completions',
  'ERNIE-Bot-turbo': 'eb-instant',
};

export const baiduService = (model: string): string => chatServices[model] ?? model.toLowerCase();

/**
 * OpenAI messages as ERNIE takes them: system and developer text goes to `system`; the rest must
 * alternate user / assistant, so neighbours of one role are joined (tool results count as the user's).
 */
export function ernieMessages(messages: ChatMessage[]): {
  system: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
} {
  const system: string[] = [];
  const turns: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  for (const message of messages) {
    const text = plainText(message.content);
    if (message.role === 'system' || message.role === 'developer') {
      system.push(text);
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const last = turns.at(-1);
    if (last?.role === role) last.content += `\n${text}`;
    else turns.push({ role, content: text });
  }
  return { system: system.join('\n'), messages: turns };
}

function chatBody(chat: ChatRequest, stream: boolean): Record<string, unknown> {
  const { system, messages } = ernieMessages(chat.messages);
  const maxTokens = chat.max_completion_tokens ?? chat.max_tokens;
  return {
    messages,
    stream,
    ...(system ? { system } : {}),
    ...(chat.temperature !== undefined ? { temperature: chat.temperature } : {}),
    ...(chat.top_p !== undefined ? { top_p: chat.top_p } : {}),
    ...(chat.stop !== undefined ? { stop: typeof chat.stop === 'string' ? [chat.stop] : chat.stop } : {}),
    ...(maxTokens !== undefined ? { max_output_tokens: maxTokens } : {}),
    ...(typeof chat.user === 'string' ? { user_id: chat.user } : {}),
  };
}

function embeddingsBody(request: Record<string, unknown>): Record<string, unknown> {
  const input = request.input;
  return {
    input: typeof input === 'string' ? [input] : input,
    ...(typeof request.user === 'string' ? { user_id: request.user } : {}),
  };
}

/** The ERNIE request: the access token in the query, chat or embeddings by the endpoint. */
export async function baiduRequest(target: UpstreamTarget, chat: ChatRequest): Promise<UpstreamRequest> {
  const { channel, endpoint, upstreamModel, stream } = target;
  const credentials = baiduCredentials(channel.key);
  if (!credentials) throw misconfigured(channel, messages.provider.badKeyFormat, { format: 'API Key|Secret Key' });
  if (endpoint.kind !== 'chat' && endpoint.kind !== 'embeddings') throw endpointNotServed(endpoint);
  const base = channel.baseUrl || BAIDU_BASE_URL;
  const token = await baiduAccessToken(base, credentials.apiKey, credentials.secretKey);
  const service =
    endpoint.kind === 'chat'
      ? `${CHAT_PATH}${baiduService(upstreamModel)}`
      : `${EMBEDDINGS_PATH}${upstreamModel.toLowerCase()}`;
  const body =
    endpoint.kind === 'chat' ? chatBody(chat, stream) : embeddingsBody(chat as unknown as Record<string, unknown>);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (stream) headers.accept = 'text/event-stream';
  return {
    url: `${base}${service}?access_token=${encodeURIComponent(token)}`,
    headers,
    body: Buffer.from(JSON.stringify(body)),
  };
}
