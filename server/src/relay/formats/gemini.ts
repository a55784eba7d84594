import { z } from 'zod';
import { fill, type Text } from '../../platform/text';
import type { Usage } from '../billing/quota';
import { generateContentRequestSchema, type GenerateContentRequest } from '../providers/gemini/wire';
import { invalidRequest, RelayError } from '../relay-error';
import {
  embedContentsOf,
  embedRequestSchema,
  geminiEmbedToOpenAI,
  openAIEmbeddingsToGemini,
  type EmbedRequest,
} from './gemini-embeddings';
import { geminiErrorReply, googleStatusName } from './gemini-error';
import { geminiToOpenAIChat } from './gemini-request';
import { chatCompletionToGemini } from './gemini-response';
import { OpenAIToGeminiStream } from './gemini-stream';
import type { ChunkEncoder, InboundDialect } from './inbound-dialect';
import { chatUsageOf } from './openai-chat';
import type { ChatChunk, ChatCompletion, ChatRequest } from './openai-chat-types';
import type { ParsedBody } from './request-body';
import type { OpenAIEmbeddingResponse } from '../providers/gemini/embeddings';
import { jsonOf } from './body-json';
import { messages } from '../../platform/i18n/catalogue';

const sse = (payload: unknown) => Buffer.from(`data: ${JSON.stringify(payload)}\r\n\r\n`);

const badRequest = (text: Text, detail: string) => invalidRequest(fill(text, { detail }), 'invalid_request_body');

/** The JSON body of a Gemini call, or a 400 in the client's language. */
function parseGeminiJson<T>(raw: Buffer, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = raw.length === 0 ? {} : jsonOf(raw);
  } catch (error) {
    throw badRequest(messages.relay.invalidBody, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(messages.relay.invalidGeminiBody, z.prettifyError(parsed.error));
  return parsed.data;
}

const requestOf = (body: ParsedBody) => body.json as GenerateContentRequest;

function promptTexts(request: GenerateContentRequest): string[] {
  const contents = request.systemInstruction ? [request.systemInstruction, ...request.contents] : request.contents;
  return contents.flatMap((content) =>
    (content.parts ?? []).flatMap((part) => (typeof part.text === 'string' ? [part.text] : [])),
  );
}

/** OpenAI chunks as `alt=sse` events; the last event carries the finish reason and the usage. */
class GeminiChunkEncoder implements ChunkEncoder {
  private readonly stream: OpenAIToGeminiStream;

  constructor(model: string) {
    this.stream = new OpenAIToGeminiStream(model);
  }

  chunk(chunk: ChatChunk): Buffer {
    const events = this.stream.push(chunk);
    return events.length ? Buffer.concat(events.map(sse)) : Buffer.alloc(0);
  }

  finish(usage: Usage | null): Buffer {
    return Buffer.concat(this.stream.end(usage ? chatUsageOf(usage) : undefined).map(sse));
  }

  /** Google's own mid-stream error event, which @google/genai raises as an ApiError. */
  error(error: RelayError): Buffer {
    return sse({ error: { code: error.status, message: error.text.en, status: googleStatusName(error.status) } });
  }
}

/**
 * Google's Gemini API (`/v1beta/models/{model}:generateContent` and `:streamGenerateContent`): the
 * model and the streaming flag come from the path; streams are always server-sent events.
 */
export const geminiDialect: InboundDialect = {
  name: 'gemini',
  parse(raw, route) {
    const request = parseGeminiJson(raw, generateContentRequestSchema);
    const maxTokens = request.generationConfig?.maxOutputTokens;
    return {
      raw,
      // `input` holds the prompt's texts so the gateway's prompt estimate (and local count) sees them.
      json: { ...request, input: promptTexts(request) },
      model: route.pathModel ?? '',
      stream: route.pathStream === true,
      clientAskedUsage: true,
      maxTokens: typeof maxTokens === 'number' && maxTokens >= 0 ? Math.trunc(maxTokens) : null,
      boundary: null,
    };
  },
  toOpenAI: (body) => geminiToOpenAIChat(requestOf(body), body.model, body.stream),
  fromOpenAI: (completion, body) => chatCompletionToGemini(completion, body.model),
  streamEncoder: (body) => new GeminiChunkEncoder(body.model),
  errorReply: geminiErrorReply,
};

/**
 * Gemini's embeddings (`:embedContent`, `:batchEmbedContents`). The parsed body keeps the client's
 * fields (sent as they are to Gemini channels) plus `input`, the texts, so the prompt can be counted.
 */
export const geminiEmbedDialect: InboundDialect = {
  name: 'gemini',
  parse(raw, route) {
    const request = parseGeminiJson(raw, embedRequestSchema);
    const input = geminiEmbedToOpenAI(embedContentsOf(request), '').input;
    return {
      raw,
      json: { ...request, input },
      model: route.pathModel ?? '',
      stream: false,
      clientAskedUsage: false,
      maxTokens: 0,
      boundary: null,
    };
  },
  toOpenAI: (body) =>
    geminiEmbedToOpenAI(embedContentsOf(body.json as EmbedRequest), body.model) as unknown as ChatRequest,
  fromOpenAI: (completion: ChatCompletion, body) =>
    openAIEmbeddingsToGemini(completion as unknown as OpenAIEmbeddingResponse, Array.isArray(body.json?.requests)),
  streamEncoder: (body) => new GeminiChunkEncoder(body.model),
  errorReply: geminiErrorReply,
};
