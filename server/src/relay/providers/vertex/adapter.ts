import { getGlobalDispatcher } from 'undici';
import type { ChatCompletion } from '../../formats/openai-chat-types';
import { badUpstreamBody, invalidRequest, UpstreamError } from '../../relay-error';
import { anthropicAdapter } from '../anthropic/adapter';
import { adaptedClaudeBody, withModelHeaders } from '../anthropic/claude-options';
import { chatToClaude, requireChat } from '../anthropic/request';
import { geminiFamilyAdapter, type GeminiAddress } from '../gemini/adapter';
import type { OpenAIEmbeddingRequest } from '../gemini/embeddings';
import { geminiErrorFrom } from '../gemini/errors';
import type { ProviderAdapter, UpstreamTarget } from '../provider';
import { parseServiceAccount, TokenExchangeError, VertexTokenCache } from './credentials';
import { fromPredictResponse, toPredictRequest } from './embeddings';
import { isClaudeModel, regionFor, VERTEX_ANTHROPIC_VERSION, vertexUrl, type VertexAction } from './request';
import { messages } from '../../../platform/i18n/catalogue';

const tokens = new VertexTokenCache();

/**
 * Where a Vertex call goes and how it authenticates: a service-account key gives a project and a
 * Bearer access token (exchanged and cached); any other key is an API key (Vertex express mode).
 */
async function vertexAddress(target: UpstreamTarget, action: VertexAction): Promise<GeminiAddress> {
  const { channel, upstreamModel } = target;
  const account = parseServiceAccount(channel.key);
  const region = regionFor(channel.other, upstreamModel);
  const url = vertexUrl(
    { projectId: account?.project_id ?? null, region, baseUrl: channel.baseUrl },
    upstreamModel,
    action,
  );
  if (!account) {
    if (isClaudeModel(upstreamModel))
      throw invalidRequest(messages.provider.vertexClaudeNeedsServiceAccount, 'vertex_key_type');
    return { url, headers: { 'content-type': 'application/json', 'x-goog-api-key': channel.key } };
  }
  try {
    const token = await tokens.accessToken(account, getGlobalDispatcher());
    return { url, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // A refused key counts as an authentication failure of the channel (channel health may disable it).
    const refused = error instanceof TokenExchangeError && /HTTP 4\d\d/.test(detail);
    throw new UpstreamError(502, `Vertex AI access token: ${detail}`, 'vertex_token_error', true, refused ? 401 : 502);
  }
}

const geminiOnVertex = geminiFamilyAdapter((target, action) =>
  vertexAddress(target, action === 'streamGenerateContent' ? action : 'generateContent'),
);

/** A Claude request for Vertex: the model lives in the URL and the Vertex API version in the body. */
async function claudeRequest(target: UpstreamTarget, claude: Record<string, unknown>) {
  const address = await vertexAddress(target, target.stream ? 'streamRawPredict' : 'rawPredict');
  const { model: _model, ...rest } = claude;
  const headers: Record<string, string> = { ...address.headers };
  const beta = target.clientHeaders['anthropic-beta'];
  if (typeof beta === 'string' && beta) headers['anthropic-beta'] = beta;
  return {
    url: address.url,
    headers: withModelHeaders(headers, target.upstreamModel, target.settings.claude),
    body: Buffer.from(JSON.stringify({ ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION })),
  };
}

/** Claude models: Anthropic's Messages API through rawPredict, converted with the Anthropic adapter's code. */
const claudeOnVertex: ProviderAdapter = {
  ...anthropicAdapter,
  native: {
    ...anthropicAdapter.native,
    request: (target, body) => {
      const adapted = adaptedClaudeBody(body, target.upstreamModel, target.settings.claude);
      if (!adapted) return claudeRequest(target, (body.json ?? {}) as Record<string, unknown>);
      return claudeRequest({ ...target, upstreamModel: String(adapted.model) }, adapted);
    },
  },
  openai: {
    ...anthropicAdapter.openai,
    request: (target, chat) => {
      requireChat(target);
      // the conversion may rename the model (a `-thinking` name asks for extended thinking)
      const claude = chatToClaude({ ...chat, model: target.upstreamModel }, target.settings.claude);
      return claudeRequest({ ...target, upstreamModel: claude.model }, claude as unknown as Record<string, unknown>);
    },
  },
};

async function predictRequest(target: UpstreamTarget, request: OpenAIEmbeddingRequest) {
  const address = await vertexAddress(target, 'predict');
  return { url: address.url, headers: address.headers, body: Buffer.from(JSON.stringify(toPredictRequest(request))) };
}

function predicted(bytes: Buffer, target: UpstreamTarget) {
  let payload: unknown = null;
  try {
    payload = JSON.parse(bytes.toString('utf8'));
  } catch {
    payload = null;
  }
  const converted = fromPredictResponse(payload, target.upstreamModel);
  if (!converted) throw badUpstreamBody();
  return converted;
}

/** Embedding models: `:predict`, spoken as OpenAI embeddings (other dialects convert to those). */
const embeddingsOnVertex: ProviderAdapter = {
  nativeDialect: () => 'openai',
  native: {
    request: (target, body) => predictRequest(target, (body.json ?? {}) as unknown as OpenAIEmbeddingRequest),
    whole: (bytes, _contentType, target) => {
      const { response, usage } = predicted(bytes, target);
      return { body: Buffer.from(JSON.stringify(response)), contentType: 'application/json', usage, text: '' };
    },
    stream: (target, body) => geminiOnVertex.native.stream(target, body),
  },
  openai: {
    request: (target, chat) => predictRequest(target, chat as unknown as OpenAIEmbeddingRequest),
    whole: (bytes, target) => {
      const { response, usage } = predicted(bytes, target);
      return { completion: response as unknown as ChatCompletion, usage };
    },
    stream: (target) => geminiOnVertex.openai.stream(target),
  },
  errorFrom: geminiErrorFrom,
};

function familyOf(target: UpstreamTarget): ProviderAdapter {
  if (target.endpoint.kind === 'embeddings') return embeddingsOnVertex;
  return isClaudeModel(target.upstreamModel) ? claudeOnVertex : geminiOnVertex;
}

/**
 * Vertex AI (channel type 41): Gemini models speak Gemini's API, Claude models Anthropic's Messages
 * API (rawPredict / streamRawPredict), embedding models `:predict`; each call goes to its family.
 */
export const vertexAdapter: ProviderAdapter = {
  nativeDialect: (target) => familyOf(target).nativeDialect(target),
  native: {
    request: (target, body) => familyOf(target).native.request(target, body),
    whole: (bytes, contentType, target) => familyOf(target).native.whole(bytes, contentType, target),
    stream: (target, body) => familyOf(target).native.stream(target, body),
  },
  openai: {
    request: (target, chat) => familyOf(target).openai.request(target, chat),
    whole: (bytes, target) => familyOf(target).openai.whole(bytes, target),
    stream: (target) => familyOf(target).openai.stream(target),
  },
  errorFrom: geminiErrorFrom,
};
