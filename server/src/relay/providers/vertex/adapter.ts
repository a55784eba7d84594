import { getGlobalDispatcher } from 'undici';
import type { ParsedBody } from '../../formats/request-body';
import { RelayError, UpstreamError } from '../../relay-error';
import { anthropicAdapter } from '../anthropic/adapter';
import { chatToClaude } from '../anthropic/request';
import { geminiFamilyAdapter, type GeminiAddress } from '../gemini/adapter';
import type { GeminiAction } from '../gemini/url';
import type { ProviderAdapter, UpstreamTarget } from '../provider';
import { parseServiceAccount, TokenExchangeError, VertexTokenCache } from './credentials';
import { isClaudeModel, regionFor, VERTEX_ANTHROPIC_VERSION, vertexUrl, type VertexAction } from './request';

const tokens = new VertexTokenCache();

const vertexMessages = {
  embeddingsUnsupported: { zh: 'Vertex AI 渠道不支持嵌入接口', en: 'Embeddings are not supported on Vertex AI channels' },
  claudeNeedsServiceAccount: {
    zh: 'Vertex AI 上的 Claude 模型需要服务账号 JSON 密钥',
    en: 'Claude models on Vertex AI need a service-account JSON key',
  },
};

/**
 * Where a Vertex call goes and how it authenticates: a service-account key gives a project and a
 * Bearer access token (exchanged and cached); any other key is an API key (Vertex express mode).
 */
async function vertexAddress(target: UpstreamTarget, action: VertexAction): Promise<GeminiAddress> {
  const { channel, upstreamModel } = target;
  const account = parseServiceAccount(channel.key);
  const region = regionFor(channel.other, upstreamModel);
  const url = vertexUrl({ projectId: account?.project_id ?? null, region, baseUrl: channel.baseUrl }, upstreamModel, action);
  if (!account) {
    if (isClaudeModel(upstreamModel)) throw new RelayError(vertexMessages.claudeNeedsServiceAccount, 400, 'vertex_key_type', 'invalid_request_error');
    return { url, headers: { 'x-goog-api-key': channel.key } };
  }
  try {
    return { url, headers: { authorization: `Bearer ${await tokens.accessToken(account, getGlobalDispatcher())}` } };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    // A refused key counts as an authentication failure of the channel (channel health may disable it).
    const refused = error instanceof TokenExchangeError && /HTTP 4\d\d/.test(detail);
    throw new UpstreamError(502, `Vertex AI access token: ${detail}`, 'vertex_token_error', true, refused ? 401 : 502);
  }
}

const geminiOnVertex = geminiFamilyAdapter((target, action: GeminiAction) => {
  if (action === 'embedContent' || action === 'batchEmbedContents') {
    throw new RelayError(vertexMessages.embeddingsUnsupported, 400, 'unsupported_endpoint', 'invalid_request_error');
  }
  return vertexAddress(target, action);
});

/** A Claude body for Vertex: the model lives in the URL and the API version in the body. */
function claudeOnVertexBody(claude: Record<string, unknown>): Buffer {
  const { model: _model, ...rest } = claude;
  return Buffer.from(JSON.stringify({ ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION }));
}

async function claudeRequest(target: UpstreamTarget, claude: Record<string, unknown>) {
  const address = await vertexAddress(target, target.stream ? 'streamRawPredict' : 'rawPredict');
  const beta = target.clientHeaders['anthropic-beta'];
  const headers: Record<string, string> = { 'content-type': 'application/json', ...address.headers };
  if (typeof beta === 'string' && beta) headers['anthropic-beta'] = beta;
  return { url: address.url, headers, body: claudeOnVertexBody(claude) };
}

const claudeBody = (body: ParsedBody) => (body.json ?? {}) as Record<string, unknown>;

const useClaude = (target: UpstreamTarget) => isClaudeModel(target.upstreamModel);

/**
 * Vertex AI (channel type 41): Gemini models speak Gemini's API; Claude models speak Anthropic's
 * Messages API through rawPredict / streamRawPredict, converted with the Anthropic adapter's code.
 */
export const vertexAdapter: ProviderAdapter = {
  nativeDialect: (target) => (useClaude(target) ? 'anthropic' : 'gemini'),
  native: {
    request: (target, body) => (useClaude(target) ? claudeRequest(target, claudeBody(body)) : geminiOnVertex.native.request(target, body)),
    whole: (bytes, contentType, target) => (useClaude(target) ? anthropicAdapter : geminiOnVertex).native.whole(bytes, contentType, target),
    stream: (target, body) => (useClaude(target) ? anthropicAdapter : geminiOnVertex).native.stream(target, body),
  },
  openai: {
    request: (target, chat) =>
      useClaude(target) ? claudeRequest(target, chatToClaude({ ...chat, model: target.upstreamModel }) as unknown as Record<string, unknown>) : geminiOnVertex.openai.request(target, chat),
    whole: (bytes, target) => (useClaude(target) ? anthropicAdapter : geminiOnVertex).openai.whole(bytes, target),
    stream: (target) => (useClaude(target) ? anthropicAdapter : geminiOnVertex).openai.stream(target),
  },
  errorFrom: (status, bodyText, channel) => geminiOnVertex.errorFrom(status, bodyText, channel),
};
