import type { Usage } from '../../billing/quota';
import type { ChatChunk, ChatCompletion, ChatRequest } from '../../formats/openai-chat-types';
import { upstreamBody } from '../../formats/request-body';
import { badUpstreamBody } from '../../relay-error';
import { SseEventReader, type SseEvent } from '../../stream/sse-events';
import { SseUsageTap } from '../../stream/sse-usage-tap';
import { textOf, usageFromJsonTail, usageOf } from '../../stream/usage-fields';
import type { ChunkTranslator, ProviderAdapter, UpstreamTarget, WholeAnswer } from '../provider';
import { upstreamErrorFrom } from './errors';
import { buildUpstreamRequest } from './request';

function parseObject(bytes: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The upstream's bytes go to the client unchanged; usage and text are read on the way. */
function wholeAnswer(bytes: Buffer, contentType: string): WholeAnswer {
  const isJson = contentType.includes('json');
  const reported = isJson ? usageFromJsonTail(bytes) : null;
  if (reported) return { body: bytes, contentType, usage: reported, text: '' };
  const payload = isJson ? parseObject(bytes) : null;
  const usage = usageOf(payload);
  const text = usage || !payload ? '' : textOf(payload) || String(payload.text ?? '');
  return { body: bytes, contentType, usage, text };
}

/** OpenAI chunks parsed from the upstream's SSE (for clients of another dialect). */
class OpenAIChunkReader extends SseEventReader<ChatChunk[]> implements ChunkTranslator {
  usage: Usage | null = null;

  protected read(events: SseEvent[]): ChatChunk[] {
    const chunks: ChatChunk[] = [];
    for (const { data } of events) {
      if (!data.startsWith('{')) continue;
      const payload = parseObject(Buffer.from(data));
      if (!payload) continue;
      const usage = usageOf(payload);
      if (usage) this.usage = usage;
      if (Array.isArray(payload.choices) && payload.choices.length > 0) chunks.push(payload as unknown as ChatChunk);
    }
    return chunks;
  }
}

/** OpenAI's reasoning models refuse `max_tokens` and want `max_completion_tokens`. */
const REASONING_MODEL = /^(o\d|gpt-5)/;

/** A converted chat request (from Claude or Gemini clients) as this upstream takes it. */
function chatBody(target: UpstreamTarget, chat: ChatRequest): Buffer {
  const body: ChatRequest = { ...chat, model: target.upstreamModel };
  if (target.stream && target.endpoint.streamOptions)
    body.stream_options = { ...body.stream_options, include_usage: true };
  if (body.max_tokens !== undefined && REASONING_MODEL.test(target.upstreamModel)) {
    body.max_completion_tokens = body.max_tokens;
    delete body.max_tokens;
  }
  return Buffer.from(JSON.stringify(body));
}

/**
 * OpenAI and every OpenAI-compatible vendor (Azure, custom, DeepSeek, Ollama, …). The native path is
 * a passthrough: the client's bytes go up and the upstream's bytes come back without re-serialising.
 */
export const openAICompatibleAdapter: ProviderAdapter = {
  nativeDialect: () => 'openai',
  native: {
    request: (target, body) => {
      // No spread: the request is built on every call, and a spread copy costs more than the rest of it.
      const { url, headers } = buildUpstreamRequest(
        target.channel,
        target.endpoint,
        target.upstreamModel,
        target.contentType,
        target.stream,
      );
      return { url, headers, body: upstreamBody(body, target.upstreamModel, target.endpoint.streamOptions) };
    },
    whole: (bytes, contentType) => wholeAnswer(bytes, contentType),
    stream: (_target, body) => new SseUsageTap(body.clientAskedUsage),
  },
  openai: {
    request: (target, chat) => ({
      ...buildUpstreamRequest(target.channel, target.endpoint, target.upstreamModel, 'application/json', target.stream),
      body: chatBody(target, chat),
    }),
    whole: (bytes) => {
      const payload = parseObject(bytes);
      if (!payload || !(Array.isArray(payload.choices) || Array.isArray(payload.data))) throw badUpstreamBody();
      return { completion: payload as unknown as ChatCompletion, usage: usageOf(payload) };
    },
    stream: () => new OpenAIChunkReader(),
  },
  errorFrom: (status, bodyText, channel) => upstreamErrorFrom(status, bodyText, channel.statusCodeMapping),
};
