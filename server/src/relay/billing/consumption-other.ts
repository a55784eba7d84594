import type { Price } from '../../domain/prices';

/** What a consumption log's `other` records about one call besides its price. */
export interface CallFacts {
  cacheTokens: number;
  cacheCreationTokens: number;
  /** time to the first upstream byte in ms, -1 when unknown */
  frt: number;
  upstreamModel: string;
  requestedModel: string;
  localCountTokens: boolean;
  streamInterrupted: boolean;
  triedChannels: Iterable<number>;
  /** the index of the key used on a multi-key channel (issue 37) */
  multiKeyIndex?: number;
  /** `admin_info.channel_affinity` as JSON text, when the call followed affinity */
  affinity?: string;
}

/** A number as JSON.stringify writes it (null for NaN and the infinities). */
const jsonNumber = (value: number) => (Number.isFinite(value) ? String(value) : 'null');

/** A field JSON.stringify would leave out when undefined. */
const optionalNumber = (name: string, value: number | undefined) =>
  value === undefined ? '' : `,"${name}":${jsonNumber(value)}`;

/**
 * The consumption log's `other`: the text JSON.stringify gives for the object below, written out by
 * hand because JSON.stringify of an object costs about a microsecond per call on Node 20, three times this.
 * `{model_price, model_ratio, completion_ratio, group_ratio, cache_ratio?, cache_creation_ratio?,
 * unpriced_model?, cache_tokens, cache_creation_tokens, frt, is_model_mapped, upstream_model_name,
 * local_count_tokens, stream_interrupted, admin_info: {use_channel: ["<id>", …], multi_key_index?, channel_affinity?}}`
 */
export function consumptionOther(price: Price, facts: CallFacts): string {
  const prices = priceDetails(price);
  let channels = '';
  for (const id of facts.triedChannels) channels += channels === '' ? `"${id}"` : `,"${id}"`;
  return (
    `{"model_price":${jsonNumber(prices.model_price)},"model_ratio":${jsonNumber(prices.model_ratio)}` +
    `,"completion_ratio":${jsonNumber(prices.completion_ratio)},"group_ratio":${jsonNumber(prices.group_ratio)}` +
    optionalNumber('cache_ratio', prices.cache_ratio) +
    optionalNumber('cache_creation_ratio', prices.cache_creation_ratio) +
    (prices.unpriced === undefined ? '' : `,"unpriced_model":${JSON.stringify(prices.unpriced)}`) +
    `,"cache_tokens":${jsonNumber(facts.cacheTokens)},"cache_creation_tokens":${jsonNumber(facts.cacheCreationTokens)}` +
    `,"frt":${jsonNumber(facts.frt)},"is_model_mapped":${facts.upstreamModel !== facts.requestedModel}` +
    `,"upstream_model_name":${JSON.stringify(facts.upstreamModel)},"local_count_tokens":${facts.localCountTokens}` +
    `,"stream_interrupted":${facts.streamInterrupted},"admin_info":{"use_channel":[${channels}]` +
    optionalNumber('multi_key_index', facts.multiKeyIndex) +
    (facts.affinity === undefined ? '' : `,"channel_affinity":${facts.affinity}`) +
    '}}'
  );
}

/** The `other` fields of a consumption log that describe the price. */
export function priceDetails(price: Price) {
  const perCall = price.kind === 'per-call';
  return {
    model_price: perCall ? price.modelPrice : -1,
    model_ratio: perCall ? 0 : price.modelRatio,
    completion_ratio: perCall ? 0 : price.completionRatio,
    group_ratio: price.groupRatio,
    cache_ratio: perCall ? undefined : price.cacheRatio,
    cache_creation_ratio: perCall ? undefined : price.createCacheRatio,
    /** set when the model had no price: `fallback-ratio` (billed at 37.5) or `self-use` (free) */
    unpriced: price.unpriced,
  };
}
