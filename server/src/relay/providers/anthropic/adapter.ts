import { upstreamBody } from '../../formats/request-body';
import { upstreamErrorFrom } from '../openai-compatible/errors';
import type { ProviderAdapter, UpstreamTarget } from '../provider';
import { adaptedClaudeBody, withModelHeaders } from './claude-options';
import { chatToClaude, requireChat } from './request';
import { claudeCompletionOf, claudeWholeAnswer } from './response';
import { ClaudeChunkTranslator, ClaudeUsageTap } from './stream';

const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : value)?.trim() ?? '';

/**
 * Anthropic's headers: the key, the client's API version (or the default), its beta flags, and the
 * headers `claude.model_headers_settings` gives the (mapped) model.
 */
export function anthropicHeaders(target: UpstreamTarget): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-api-key': target.channel.key,
    'anthropic-version': headerValue(target.clientHeaders['anthropic-version']) || DEFAULT_ANTHROPIC_VERSION,
  };
  const beta = headerValue(target.clientHeaders['anthropic-beta']);
  if (beta) headers['anthropic-beta'] = beta;
  if (target.stream) headers.accept = 'text/event-stream';
  return withModelHeaders(headers, target.upstreamModel, target.settings.claude);
}

const messagesUrl = (target: UpstreamTarget) => `${target.channel.baseUrl || ANTHROPIC_BASE_URL}/v1/messages`;

/** Anthropic (channel type 14): the Messages API natively, OpenAI chat by conversion. */
export const anthropicAdapter: ProviderAdapter = {
  nativeDialect: () => 'anthropic',
  native: {
    request: (target, body) => {
      const adapted = adaptedClaudeBody(body, target.upstreamModel, target.settings.claude);
      const upstream = adapted ? Buffer.from(JSON.stringify(adapted)) : upstreamBody(body, target.upstreamModel, false);
      return { url: messagesUrl(target), headers: anthropicHeaders(target), body: upstream };
    },
    whole: (bytes, contentType) => claudeWholeAnswer(bytes, contentType),
    stream: () => new ClaudeUsageTap(),
  },
  openai: {
    request: (target, chat) => {
      requireChat(target);
      return {
        url: messagesUrl(target),
        headers: anthropicHeaders(target),
        body: Buffer.from(JSON.stringify(chatToClaude(chat, target.settings.claude))),
      };
    },
    whole: (bytes) => claudeCompletionOf(bytes),
    stream: (target) => new ClaudeChunkTranslator(target.upstreamModel),
  },
  errorFrom: (status, bodyText, channel) => upstreamErrorFrom(status, bodyText, channel.statusCodeMapping),
};
