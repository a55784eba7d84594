import type { Usage } from '../billing/quota';
import type { RelayError } from '../relay-error';
import type { ChunkEncoder, InboundDialect } from './inbound-dialect';
import type { ChatChunk, ChatCompletion, ChatRequest, ChatUsage } from './openai-chat-types';
import { parseJsonBody, parseMultipartBody, type ParsedBody } from './request-body';

/** Gateway usage in OpenAI's shape (prompt tokens include cached tokens and cache writes). */
export function chatUsageOf(usage: Usage): ChatUsage {
  const chat: ChatUsage = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
  if (usage.cachedTokens || usage.cacheWriteTokens) {
    chat.prompt_tokens_details = { cached_tokens: usage.cachedTokens ?? 0 };
    if (usage.cacheWriteTokens) chat.prompt_tokens_details.cache_write_tokens = usage.cacheWriteTokens;
  }
  return chat;
}

const DONE = Buffer.from('data: [DONE]\n\n');
const sse = (payload: unknown) => Buffer.from(`data: ${JSON.stringify(payload)}\n\n`);

/** OpenAI chunks as `data:` events; usage as the final chunk only when the client asked for it. */
class OpenAIChunkEncoder implements ChunkEncoder {
  private last: Pick<ChatChunk, 'id' | 'created' | 'model'> = {
    id: 'chatcmpl',
    created: Math.floor(Date.now() / 1000),
    model: '',
  };

  constructor(private readonly includeUsage: boolean) {}

  chunk(chunk: ChatChunk): Buffer {
    this.last = { id: chunk.id, created: chunk.created, model: chunk.model };
    return sse(chunk);
  }

  /** The shape the openai SDKs raise from inside a stream. */
  error(error: RelayError): Buffer {
    return sse({ error: { message: error.text.en, type: error.type, code: error.code } });
  }

  finish(usage: Usage | null): Buffer {
    if (!this.includeUsage || !usage) return DONE;
    const final: ChatChunk = { ...this.last, object: 'chat.completion.chunk', choices: [], usage: chatUsageOf(usage) };
    return Buffer.concat([sse(final), DONE]);
  }
}

/** The OpenAI API itself: the internal shape, so conversions are the identity. */
export const openAIDialect: InboundDialect = {
  name: 'openai',
  parse: (raw, route) =>
    route.endpoint.multipart
      ? parseMultipartBody(raw, route.contentType, route.endpoint.defaultModel)
      : parseJsonBody(raw, route.endpoint.defaultModel),
  toOpenAI: (body: ParsedBody) => ({ ...body.json, model: body.model }) as ChatRequest,
  fromOpenAI: (completion: ChatCompletion) => completion,
  streamEncoder: (body) => new OpenAIChunkEncoder(body.clientAskedUsage),
  errorReply: (error, language, requestId) => ({ status: error.status, body: error.toOpenAI(language, requestId) }),
};
