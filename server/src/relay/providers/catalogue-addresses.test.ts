import { channelTypes, isRelayableChannelType } from '@switchboard/contract';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedChannel } from '../../testing/provider-test-kit';
import type { CachedChannel } from '../caches/channel-index';
import { chatEndpoint, relayEndpoints, type Endpoint } from '../endpoints';
import { RelayError } from '../relay-error';
import type { UpstreamTarget } from './provider';
import { adapterFor } from './registry';
import { defaultAdapterSettings } from './adapter-settings';

/** Keys in the format each type expects (types not listed take any text). */
const keys: Record<number, string> = {
  15: 'api-key|secret-key',
  16: 'key-id.key-secret',
  23: '1250000000|AKIDsecretid|secretkey',
  33: 'AKIAEXAMPLE|secret|us-east-1',
  41: 'AIza-express-key',
};

/** `other` values some types need (Cloudflare's account id, Coze's bot id). */
const others: Record<number, string> = { 39: 'account-1', 49: '7379462189365198898' };

/** Adapters whose host is computed from the key or region rather than the catalogue's base URL. */
const computedHosts: Record<number, RegExp> = {
  33: /^bedrock-runtime\.us-east-1\.amazonaws\.com$/,
  41: /^us-central1-aiplatform\.googleapis\.com$/,
};

/** Adapters that first exchange the key for a token at the vendor's host (the exchange is the first address reached). */
const exchangeTypes = new Set([15]);

/** Hosts the token exchanges tried to reach; every connection is refused, so nothing leaves the machine. */
const exchangeHosts: string[] = [];
let previousDispatcher: Dispatcher;
beforeAll(() => {
  previousDispatcher = getGlobalDispatcher();
  setGlobalDispatcher(
    new Agent({
      connect: (options, callback) => {
        exchangeHosts.push(options.hostname);
        callback(new Error('offline in this test'), null);
      },
    }),
  );
});
afterAll(() => setGlobalDispatcher(previousDispatcher));

/** Asynchronous task types whose routes and providers another area owns (not chat). */
const taskTypes = new Set([2, 5, 36, 55]);

/** A channel of the type as the relay caches it, with an empty base URL. */
const channelOf = (type: number, other = ''): CachedChannel => ({
  ...cachedChannel({ type, key: keys[type] ?? 'vendor-key', other }),
  id: type,
  name: `type ${type}`,
});

/** Types that serve no chat: Jina (embeddings and rerank), Replicate (images). */
const endpointByType: Record<number, Endpoint> = {
  38: relayEndpoints.find((endpoint) => endpoint.kind === 'embeddings')!,
  56: relayEndpoints.find((endpoint) => endpoint.path === '/v1/images/generations')!,
};
const endpointOf = (type: number) => endpointByType[type] ?? chatEndpoint;

async function chatUrlOf(channel: CachedChannel): Promise<string> {
  const model = channelTypes.find((type) => type.id === channel.type)?.models[0] ?? 'model';
  const target: UpstreamTarget = {
    channel,
    endpoint: endpointOf(channel.type),
    upstreamModel: model,
    stream: false,
    contentType: 'application/json',
    clientHeaders: {},
    settings: defaultAdapterSettings,
  };
  const request = await adapterFor(channel.type).openai.request(target, {
    model,
    messages: [{ role: 'user', content: 'Hi' }],
  });
  return request.url;
}

const relayable = channelTypes.filter((type) => isRelayableChannelType(type.id) && !taskTypes.has(type.id));

describe('every relayable catalogue type with an empty base URL', () => {
  it.each(relayable.map((type) => [type.id, type.name, type.baseUrl] as const))(
    'type %i (%s) calls its own vendor, never a foreign default',
    async (id, _name, baseUrl) => {
      const channel = channelOf(id, others[id] ?? '');
      if (!baseUrl && !computedHosts[id]) {
        const failure = await chatUrlOf(channel).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(RelayError);
        expect((failure as RelayError).code).toBe('channel_misconfigured');
        expect((failure as RelayError).text.en).toContain('no base URL');
        return;
      }
      if (exchangeTypes.has(id)) {
        await expect(chatUrlOf(channel)).rejects.toThrow(/offline in this test/);
        expect(exchangeHosts.at(-1)).toBe(new URL(baseUrl).hostname);
        return;
      }
      const host = new URL(await chatUrlOf(channel)).host;
      if (computedHosts[id]) expect(host).toMatch(computedHosts[id]);
      else expect(host).toBe(new URL(baseUrl).host);
      if (!new URL(baseUrl || 'http://none').host.endsWith('openai.com'))
        expect(host.endsWith('openai.com')).toBe(false);
    },
  );

  it('types that serve no chat (embeddings and rerank vendors) still resolve their own host', async () => {
    const { vendorUrl } = await import('./openai-compatible/vendors');
    expect(vendorUrl(channelOf(38), 'embeddings', '/v1/embeddings', 'jina-embeddings-v3')).toEqual({
      ok: true,
      url: 'https://api.jina.ai/v1/embeddings',
    });
    expect(vendorUrl(channelOf(38), 'chat', '/v1/chat/completions', 'jina-embeddings-v3')).toEqual({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('task types without a base URL are refused instead of reaching OpenAI', async () => {
    for (const id of [2, 5, 36]) {
      const failure = await chatUrlOf(channelOf(id)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RelayError);
    }
  });

  it('Cloudflare without an account id is refused with a clear message', async () => {
    const failure = (await chatUrlOf(channelOf(39)).catch((error: unknown) => error)) as RelayError;
    expect(failure.text).toEqual({
      zh: expect.stringContaining('Cloudflare 账户 ID'),
      en: expect.stringContaining('Cloudflare account id'),
    });
  });
});
