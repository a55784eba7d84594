import { AZURE_DEFAULT_API_VERSION, channelTypeById, channelTypeName } from '@switchboard/contract';
import { z } from 'zod';
import { scrubbedForKey } from '../../domain/secret-scrub';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { DETAIL_LIMIT, getUpstreamJson, joinUrl, UpstreamError } from './upstream-client';
import { messages } from '../../platform/i18n/catalogue';

export interface UpstreamAccess {
  type: number;
  /** The channel's base URL; empty means the type's default. */
  baseUrl: string;
  /** The channel's key; of a multi-key channel (one per line) the first is used. */
  key: string;
  /** The channel's `other` (Azure: API version). */
  other?: string;
}

const openAiList = z.object({ data: z.array(z.object({ id: z.string() })) });
const geminiList = z.object({ models: z.array(z.object({ name: z.string() })) });
const ollamaList = z.object({ models: z.array(z.object({ name: z.string() })) });
const cloudflareList = z.object({ result: z.array(z.object({ name: z.string() })) });

interface ModelListing {
  url(base: string, access: UpstreamAccess, key: string): string;
  headers(key: string): Record<string, string>;
  read(body: unknown): string[];
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const readOpenAi = (body: unknown) => openAiList.parse(body).data.map((model) => model.id);

const openAiCompatible = (path: string): ModelListing => ({
  url: (base) => joinUrl(base, path),
  headers: bearer,
  read: readOpenAi,
});

/** Where each type lists its models; every other type is OpenAI-compatible at /v1/models. */
const listings: Record<number, ModelListing> = {
  3: {
    url: (base, access) =>
      joinUrl(base, `/openai/models?api-version=${encodeURIComponent(access.other || AZURE_DEFAULT_API_VERSION)}`),
    headers: (key) => ({ 'api-key': key }),
    read: readOpenAi,
  },
  4: {
    url: (base) => joinUrl(base, '/api/tags'),
    headers: bearer,
    read: (body) => ollamaList.parse(body).models.map((model) => model.name),
  },
  14: {
    url: (base) => joinUrl(base, '/v1/models'),
    headers: (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }),
    read: readOpenAi,
  },
  17: openAiCompatible('/compatible-mode/v1/models'),
  24: {
    url: (base, _access, key) => joinUrl(base, `/v1beta/models?pageSize=1000&key=${encodeURIComponent(key)}`),
    headers: () => ({}),
    read: (body) => geminiList.parse(body).models.map((model) => model.name.replace(/^models\//, '')),
  },
  26: openAiCompatible('/api/paas/v4/models'),
  34: {
    url: (base) => joinUrl(base, '/v1/models'),
    headers: bearer,
    read: (body) => ollamaList.parse(body).models.map((model) => model.name),
  },
  39: {
    url: (base, access) =>
      joinUrl(
        base,
        `/client/v4/accounts/${encodeURIComponent(access.other?.trim() ?? '')}/ai/models/search?task=Text%20Generation`,
      ),
    headers: bearer,
    read: (body) => cloudflareList.parse(body).result.map((model) => model.name),
  },
  45: openAiCompatible('/api/v3/models'),
  46: openAiCompatible('/v2/models'),
};

/**
 * Types whose API has no model list (Baidu Wenxin, Zhipu v1, Tencent Hunyuan, Perplexity, Dify, Jina,
 * Coze, Replicate's catalogue of community models): asking would only return the vendor's 404.
 */
const unlisted = new Set([15, 16, 23, 27, 37, 38, 49, 56]);

/** The base URL a call goes to: the channel's, or the type's default; neither is an error. */
export function resolveBaseUrl(type: number, baseUrl: string): string {
  const base = baseUrl.trim() || channelTypeById(type)?.baseUrl || '';
  if (!base) throw new AppError(messages.channel.noBaseUrl);
  return base.replace(/\/+$/, '');
}

/** The first key of a channel that may hold one key per line. */
export const firstKey = (key: string): string =>
  key
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

/** Asks the upstream which models it serves (spec 001 §7 fetch_models); answers them sorted, once each. */
export async function fetchUpstreamModels(access: UpstreamAccess): Promise<string[]> {
  if (unlisted.has(access.type))
    throw new AppError(fill(messages.channel.modelListUnavailable, { name: channelTypeName(access.type) }));
  const key = firstKey(access.key);
  if (!key) throw new AppError(messages.channel.keyRequired);
  const base = resolveBaseUrl(access.type, access.baseUrl);
  const listing = listings[access.type] ?? openAiCompatible('/v1/models');
  try {
    const body = await getUpstreamJson(listing.url(base, access, key), listing.headers(key), z.unknown());
    let models: string[];
    try {
      models = listing.read(body);
    } catch {
      throw new UpstreamError('unexpected reply: no model list');
    }
    return [...new Set(models)].sort();
  } catch (error) {
    if (error instanceof UpstreamError)
      throw new AppError(
        fill(messages.channel.fetchModelsFailed, { detail: scrubbedForKey(error.message, access.key, DETAIL_LIMIT) }),
      );
    throw error;
  }
}
