import type { ChatMessage, ChatRequest } from '../../formats/openai-chat-types';
import { plainText } from '../own-api-adapter';
import { endpointNotServed, misconfigured } from '../openai-compatible/request';
import { defaultBaseUrl } from '../openai-compatible/vendors';
import type { UpstreamRequest, UpstreamTarget } from '../provider';
import { messages } from '../../../platform/i18n/catalogue';

/** Coze wants a user id on every chat; one is used when the client names none. */
export const COZE_DEFAULT_USER = 'switchboard';

interface CozeMessage {
  role: 'user' | 'assistant';
  content: string;
  content_type: 'text';
  type?: 'answer';
}

/** OpenAI messages as Coze's `additional_messages`; Coze has no system role, so system text opens the first user message. */
export function cozeMessages(messages: ChatMessage[]): CozeMessage[] {
  const system = messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map((message) => plainText(message.content));
  const turns: CozeMessage[] = messages
    .filter((message) => message.role !== 'system' && message.role !== 'developer')
    .map((message) =>
      message.role === 'assistant'
        ? { role: 'assistant', type: 'answer', content: plainText(message.content), content_type: 'text' }
        : { role: 'user', content: plainText(message.content), content_type: 'text' },
    );
  const firstUser = turns.find((turn) => turn.role === 'user');
  if (system.length > 0 && firstUser) firstUser.content = `${system.join('\n')}\n\n${firstUser.content}`;
  return turns;
}

/**
 * A chat request as Coze's `POST /v3/chat` for the bot named in the channel's `other`. Coze is always
 * asked to stream: its non-streaming mode answers before the bot has replied (the caller would have
 * to poll), so a whole answer is read from the finished event stream instead.
 */
export function cozeRequest(target: UpstreamTarget, chat: ChatRequest): UpstreamRequest {
  const { channel, endpoint } = target;
  if (endpoint.kind !== 'chat') throw endpointNotServed(endpoint);
  const botId = channel.other.trim();
  if (!botId) throw misconfigured(channel, messages.provider.noBotId);
  const base = channel.baseUrl || defaultBaseUrl(channel.type);
  const conversation =
    typeof chat.conversation_id === 'string' && chat.conversation_id
      ? `?conversation_id=${encodeURIComponent(chat.conversation_id)}`
      : '';
  const body = {
    bot_id: botId,
    user_id: typeof chat.user === 'string' && chat.user ? chat.user : COZE_DEFAULT_USER,
    stream: true,
    auto_save_history: true,
    additional_messages: cozeMessages(chat.messages),
  };
  return {
    url: `${base}/v3/chat${conversation}`,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${channel.key}`,
    },
    body: Buffer.from(JSON.stringify(body)),
  };
}
