import type { ChatCompletion, ChatRequest } from '../../formats/openai-chat-types';
import type { ParsedBody } from '../../formats/request-body';
import { fill } from '../../../platform/text';
import { badUpstreamBody, invalidRequest } from '../../relay-error';
import { perModel } from '../adapter-settings';
import type { ProviderAdapter, UpstreamTarget, WholeAnswer } from '../provider';
import { toBatchEmbedRequest, toEmbeddingResponse, type OpenAIEmbeddingRequest } from './embeddings';
import { geminiErrorFrom } from './errors';
import { toGenerateContentRequest } from './request';
import { toChatCompletion } from './response';
import { GeminiChunkTranslator, GeminiSseRelay } from './stream-relay';
import { geminiUrl, type GeminiAction } from './url';
import { textOfResponse, usageOfMetadata } from './usage';
import { generateContentResponseSchema } from './wire';
import { messages } from '../../../platform/i18n/catalogue';

/** Where one call of a Gemini-speaking upstream goes, and with which credentials. */
export interface GeminiAddress {
  url: string;
  headers: Record<string, string>;
}
export type GeminiLocator = (target: UpstreamTarget, action: GeminiAction) => GeminiAddress | Promise<GeminiAddress>;

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

const isEmbedding = (target: UpstreamTarget) => target.endpoint.kind === 'embeddings';

/** Gemini serves chat and embeddings: OpenAI images, audio and the like are refused. */
function requireChatOrEmbeddings(target: UpstreamTarget): void {
  if (target.endpoint.kind === 'chat' || isEmbedding(target)) return;
  throw invalidRequest(
    fill(messages.provider.geminiEndpointNotServed, { path: target.endpoint.path }),
    'unsupported_endpoint',
  );
}

function nativeAction(target: UpstreamTarget, body: ParsedBody): GeminiAction {
  if (isEmbedding(target)) return Array.isArray(body.json?.requests) ? 'batchEmbedContents' : 'embedContent';
  return target.stream ? 'streamGenerateContent' : 'generateContent';
}

/** The client's Gemini body, unchanged unless a batch of embeddings names the (mapped) model inside. */
function nativeBody(target: UpstreamTarget, body: ParsedBody): Buffer {
  const { requests, input: _texts, ...rest } = body.json ?? {};
  if (target.upstreamModel === body.model || !Array.isArray(requests)) return body.raw;
  const renamed = requests.map((entry: Record<string, unknown>) => ({
    ...entry,
    model: `models/${target.upstreamModel}`,
  }));
  return Buffer.from(JSON.stringify({ ...rest, requests: renamed }));
}

/** A whole Gemini answer for a Gemini client: bytes unchanged, usage and text read. */
function nativeWhole(bytes: Buffer, contentType: string): WholeAnswer {
  const parsed = generateContentResponseSchema.safeParse(contentType.includes('json') ? parseJson(bytes) : null);
  if (!parsed.success) return { body: bytes, contentType, usage: null, text: '' };
  return {
    body: bytes,
    contentType,
    usage: usageOfMetadata(parsed.data.usageMetadata),
    text: textOfResponse(parsed.data),
  };
}

async function withAddress(locate: GeminiLocator, target: UpstreamTarget, action: GeminiAction, body: Buffer) {
  const address = await locate(target, action);
  return { url: address.url, headers: { 'content-type': 'application/json', ...address.headers }, body };
}

/**
 * Gemini's API (generateContent, streamGenerateContent with SSE, embeddings) wherever it is served:
 * the locator says where and with which credentials (Gemini API key, Vertex access token).
 */
export function geminiFamilyAdapter(locate: GeminiLocator): ProviderAdapter {
  return {
    nativeDialect: () => 'gemini',
    native: {
      request: (target, body) => withAddress(locate, target, nativeAction(target, body), nativeBody(target, body)),
      whole: (bytes, contentType) => nativeWhole(bytes, contentType),
      stream: () => new GeminiSseRelay(),
    },
    openai: {
      request(target, chat: ChatRequest) {
        requireChatOrEmbeddings(target);
        if (isEmbedding(target)) {
          const embedding = toBatchEmbedRequest(chat as unknown as OpenAIEmbeddingRequest, target.upstreamModel);
          return withAddress(locate, target, 'batchEmbedContents', Buffer.from(JSON.stringify(embedding)));
        }
        const action = target.stream ? 'streamGenerateContent' : 'generateContent';
        const threshold = perModel(target.settings.gemini.safety, target.upstreamModel);
        return withAddress(
          locate,
          target,
          action,
          Buffer.from(JSON.stringify(toGenerateContentRequest(chat, threshold))),
        );
      },
      whole(bytes, target) {
        if (isEmbedding(target)) {
          const embeddings = toEmbeddingResponse(parseJson(bytes), target.upstreamModel);
          if (!embeddings) throw badUpstreamBody();
          return { completion: embeddings as unknown as ChatCompletion, usage: null };
        }
        const parsed = generateContentResponseSchema.safeParse(parseJson(bytes));
        if (!parsed.success) throw badUpstreamBody();
        return {
          completion: toChatCompletion(parsed.data, target.upstreamModel),
          usage: usageOfMetadata(parsed.data.usageMetadata),
        };
      },
      stream: (target) => new GeminiChunkTranslator(target.upstreamModel),
    },
    errorFrom: geminiErrorFrom,
  };
}

/**
 * Google's Gemini API (channel type 24): key in `x-goog-api-key`; the API version is the channel's
 * own (its `other` field) when set, else the model's entry in `gemini.version_settings`.
 */
export const geminiAdapter = geminiFamilyAdapter((target, action) => ({
  url: geminiUrl(
    target.channel.baseUrl,
    target.channel.other.trim() || (perModel(target.settings.gemini.versions, target.upstreamModel) ?? ''),
    target.upstreamModel,
    action,
  ),
  headers: { 'x-goog-api-key': target.channel.key },
}));
