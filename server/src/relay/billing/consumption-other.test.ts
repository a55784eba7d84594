import { describe, expect, it } from 'vitest';
import { consumptionOther, type CallFacts } from './consumption-other';
import type { Price } from '../../domain/prices';
import { priceDetails } from './consumption-other';

/** What the log's `other` held when it was written with JSON.stringify; the hand-written text must equal it. */
function stringified(price: Price, facts: CallFacts): string {
  const prices = priceDetails(price);
  return JSON.stringify({
    model_price: prices.model_price,
    model_ratio: prices.model_ratio,
    completion_ratio: prices.completion_ratio,
    group_ratio: prices.group_ratio,
    cache_ratio: prices.cache_ratio,
    cache_creation_ratio: prices.cache_creation_ratio,
    unpriced_model: prices.unpriced,
    cache_tokens: facts.cacheTokens,
    cache_creation_tokens: facts.cacheCreationTokens,
    frt: facts.frt,
    is_model_mapped: facts.upstreamModel !== facts.requestedModel,
    upstream_model_name: facts.upstreamModel,
    local_count_tokens: facts.localCountTokens,
    stream_interrupted: facts.streamInterrupted,
    admin_info: { use_channel: Array.from(facts.triedChannels, String) },
  });
}

const facts = (overrides: Partial<CallFacts> = {}): CallFacts => ({
  cacheTokens: 0,
  cacheCreationTokens: 0,
  frt: 12,
  upstreamModel: 'gpt-4o-mini',
  requestedModel: 'gpt-4o-mini',
  localCountTokens: false,
  streamInterrupted: false,
  triedChannels: new Set([3]),
  ...overrides,
});

const ratio: Price = {
  kind: 'ratio',
  modelRatio: 0.075,
  completionRatio: 4,
  groupRatio: 1.5,
  cacheRatio: 0.5,
  createCacheRatio: 1.25,
};

describe("the consumption log's other", () => {
  const cases: Array<[string, Price, CallFacts]> = [
    ['a ratio price', ratio, facts()],
    ['a per-call price (no cache ratios)', { kind: 'per-call', modelPrice: 0.02, groupRatio: 1 }, facts({ frt: -1 })],
    [
      'an unpriced model at the fallback ratio',
      { ...ratio, modelRatio: 37.5, unpriced: 'fallback-ratio' },
      facts({ localCountTokens: true }),
    ],
    ['a self-use call', { kind: 'per-call', modelPrice: 0, groupRatio: 1, unpriced: 'self-use' }, facts()],
    [
      'a mapped model with quotes and CJK in its name, after retries',
      ratio,
      facts({
        upstreamModel: 'my "模型"\\x',
        triedChannels: new Set([4, 9, 12]),
        cacheTokens: 30,
        cacheCreationTokens: 7,
        streamInterrupted: true,
      }),
    ],
    [
      'ratios JSON cannot hold',
      { ...ratio, modelRatio: Number.NaN, completionRatio: Number.POSITIVE_INFINITY, groupRatio: -0 },
      facts({ triedChannels: new Set() }),
    ],
  ];
  for (const [name, price, call] of cases) {
    it(`is what JSON.stringify writes: ${name}`, () => {
      const text = consumptionOther(price, call);
      expect(text).toBe(stringified(price, call));
      expect(() => JSON.parse(text)).not.toThrow();
    });
  }
});
