import { channelTypeById } from '@switchboard/contract';
import type { CachedChannel } from '../../caches/channel-index';
import type { EndpointKind } from '../../endpoints';

/**
 * How one OpenAI-compatible vendor is reached. The client's OpenAI path (`/v1/chat/completions`)
 * becomes `{base}{prefix}/chat/completions`; `paths` replaces a whole path for one kind. The default
 * base URL is the catalogue's (`packages/contract`), so an empty base URL never means OpenAI.
 */
export interface CompatibleVendor {
  /** replaces the client's `/v1`; may name `{account}` (the channel's `other`) */
  prefix: string;
  /** the endpoint kinds the vendor serves; absent: every OpenAI endpoint */
  kinds?: readonly EndpointKind[];
  /** a full upstream path (after the base URL) for a kind whose path differs from the prefix rule */
  paths?: Partial<Record<EndpointKind, string>>;
  /** a path for models whose name matches (VolcEngine bots) */
  modelPaths?: ReadonlyArray<{ model: RegExp; kind: EndpointKind; path: string }>;
  /** headers the vendor asks for besides `Authorization: Bearer <key>` */
  headers?: Readonly<Record<string, string>>;
  /** the channel's `other` must hold this value (its name in messages) */
  needsOther?: 'account';
  /** the channel's `other`, when set, is sent as this header (OpenRouter's app URL as `HTTP-Referer`) */
  otherAsHeader?: string;
}

const CHAT_ONLY: readonly EndpointKind[] = ['chat'];
const CHAT_AND_EMBEDDINGS: readonly EndpointKind[] = ['chat', 'embeddings'];
const EVERYTHING_OPENAI = undefined;

/**
 * Every OpenAI-compatible type of the catalogue (reference notes §2.10), by channel type. Types not
 * here are served by their own adapter (`../registry.ts`) or are not relayable.
 */
export const compatibleVendors: ReadonlyMap<number, CompatibleVendor> = new Map<number, CompatibleVendor>([
  [1, { prefix: '/v1', kinds: EVERYTHING_OPENAI }],
  [4, { prefix: '/v1', kinds: ['chat', 'completions', 'embeddings'] }],
  [6, { prefix: '/v1' }],
  [7, { prefix: '/v1' }],
  [9, { prefix: '/v1' }],
  [10, { prefix: '/v1' }],
  [12, { prefix: '/v1' }],
  [13, { prefix: '/v1' }],
  // Ali's OpenAI-compatible mode (rerank goes to DashScope's own service, ../ali/): https://help.aliyun.com/zh/model-studio/compatibility-of-openai-with-dashscope
  [17, { prefix: '/compatible-mode/v1', kinds: CHAT_AND_EMBEDDINGS }],
  // Xunfei Spark's HTTP API (OpenAI-compatible, key = the APIPassword): https://www.xfyun.cn/doc/spark/HTTP调用文档.html
  [18, { prefix: '/v1', kinds: CHAT_ONLY }],
  [19, { prefix: '/v1', kinds: CHAT_AND_EMBEDDINGS }],
  // OpenRouter's app attribution: https://openrouter.ai/docs/app-attribution
  [
    20,
    {
      prefix: '/v1',
      kinds: ['chat', 'completions', 'embeddings', 'responses'],
      headers: { 'x-title': 'Switchboard' },
      otherAsHeader: 'http-referer',
    },
  ],
  [22, { prefix: '/v1', kinds: CHAT_ONLY }],
  [25, { prefix: '/v1', kinds: CHAT_ONLY }],
  // Zhipu BigModel v4: https://open.bigmodel.cn/dev/api
  [26, { prefix: '/api/paas/v4', kinds: ['chat', 'embeddings', 'images'] }],
  // Perplexity serves `/chat/completions` at the root
  [27, { prefix: '', kinds: CHAT_ONLY }],
  [31, { prefix: '/v1', kinds: CHAT_ONLY }],
  // Cohere's Compatibility API for chat and embeddings; rerank is its own v2 API in the same shape as `/v1/rerank`
  [34, { prefix: '/compatibility/v1', kinds: ['chat', 'embeddings', 'rerank'], paths: { rerank: '/v2/rerank' } }],
  // MiniMax chat v2 takes and answers OpenAI's chat shape at its own path
  [35, { prefix: '/v1', kinds: CHAT_ONLY, paths: { chat: '/v1/text/chatcompletion_v2' } }],
  [38, { prefix: '/v1', kinds: ['embeddings', 'rerank'] }],
  // Cloudflare Workers AI: https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility
  [
    39,
    {
      prefix: '/client/v4/accounts/{account}/ai/v1',
      kinds: ['chat', 'embeddings', 'responses'],
      needsOther: 'account',
    },
  ],
  [40, { prefix: '/v1', kinds: ['chat', 'completions', 'embeddings', 'rerank', 'images', 'speech', 'transcription'] }],
  [42, { prefix: '/v1', kinds: CHAT_AND_EMBEDDINGS }],
  [43, { prefix: '/v1', kinds: ['chat', 'completions'] }],
  // VolcEngine Ark: https://www.volcengine.com/docs/82379; `bot-` ids are application bots
  [
    45,
    {
      prefix: '/api/v3',
      kinds: ['chat', 'embeddings', 'images', 'responses'],
      modelPaths: [{ model: /^bot-/, kind: 'chat', path: '/api/v3/bots/chat/completions' }],
    },
  ],
  // Baidu Qianfan V2: https://cloud.baidu.com/doc/qianfan-api/s/3m7of64lb
  [46, { prefix: '/v2', kinds: CHAT_AND_EMBEDDINGS }],
  [47, { prefix: '/v1', kinds: ['chat', 'completions', 'embeddings', 'rerank', 'images', 'speech', 'transcription'] }],
  [48, { prefix: '/v1', kinds: ['chat', 'responses', 'images'] }],
  [53, { prefix: '/v1', kinds: CHAT_ONLY }],
]);

/** The vendor's default base URL (the catalogue's), or '' when the type has no fixed host. */
export const defaultBaseUrl = (type: number): string => channelTypeById(type)?.baseUrl ?? '';

export type VendorRouteFailure = { ok: false; reason: 'no_vendor' | 'no_base_url' | 'no_account' | 'unsupported' };
/** The address, and the headers the vendor asks for besides the Bearer key (OpenRouter's attribution). */
export type VendorRoute =
  { ok: true; url: string; headers: Readonly<Record<string, string>> | undefined } | VendorRouteFailure;

const failure = (reason: VendorRouteFailure['reason']): VendorRouteFailure => Object.freeze({ ok: false, reason });
const failures = {
  noVendor: failure('no_vendor'),
  noBaseUrl: failure('no_base_url'),
  noAccount: failure('no_account'),
  unsupported: failure('unsupported'),
};

/** Upstream paths by type and client path (null: not served), worked out once per pair off the hot path. */
const upstreamPaths = new Map<number, Map<string, string | null>>();

function upstreamPathOf(type: number, vendor: CompatibleVendor, kind: EndpointKind, path: string): string | null {
  let byPath = upstreamPaths.get(type);
  if (!byPath) upstreamPaths.set(type, (byPath = new Map()));
  let upstreamPath = byPath.get(path);
  if (upstreamPath === undefined) {
    const served = !vendor.kinds || vendor.kinds.includes(kind);
    upstreamPath = served
      ? (vendor.paths?.[kind] ?? `${vendor.prefix}${path.startsWith('/v1/') ? path.slice(3) : path}`)
      : null;
    byPath.set(path, upstreamPath);
  }
  return upstreamPath;
}

/** Where a call of `kind` at the client's `path` goes on this vendor's channel. */
export function vendorUrl(channel: CachedChannel, kind: EndpointKind, path: string, model: string): VendorRoute {
  const vendor = compatibleVendors.get(channel.type);
  if (!vendor) return failures.noVendor;
  let upstreamPath = upstreamPathOf(channel.type, vendor, kind, path);
  if (upstreamPath === null) return failures.unsupported;
  const base = channel.baseUrl || defaultBaseUrl(channel.type);
  if (!base) return failures.noBaseUrl;
  if (vendor.needsOther === 'account') {
    const account = channel.other.trim();
    if (!account) return failures.noAccount;
    upstreamPath = upstreamPath.replace('{account}', encodeURIComponent(account));
  }
  if (vendor.modelPaths)
    upstreamPath =
      vendor.modelPaths.find((entry) => entry.kind === kind && entry.model.test(model))?.path ?? upstreamPath;
  const fromOther = vendor.otherAsHeader ? channel.other.trim() : '';
  const headers = fromOther ? { ...vendor.headers, [vendor.otherAsHeader as string]: fromOther } : vendor.headers;
  return { ok: true, url: base + upstreamPath, headers };
}
