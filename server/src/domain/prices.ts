import { DEFAULT_CREATE_CACHE_RATIO } from '@switchboard/contract';
import type { OptionStore } from '../platform/option-store';

/** A model's entry in a JSON ratio table, or the fallback when it has none (or a bad one). */
function ratioIn(
  options: OptionStore,
  key: 'CompletionRatio' | 'CacheRatio' | 'CreateCacheRatio',
  model: string,
  fallback: number,
): number {
  const value = options.json<Record<string, number>>(key)?.[model];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The model ratio the reference bills an unpriced model at, for users who accept it (`accept_unset_model_ratio_model`). */
export const FALLBACK_MODEL_RATIO = 37.5;

/** Why a model without a price was let through: the user accepts the fallback ratio, or the site is in self-use mode (free). */
export type UnpricedReason = 'fallback-ratio' | 'self-use';

/** The consumption log's content for a call of an unpriced model (log contents are written in Chinese, as the reference's). */
export const unpricedLogContent: Record<UnpricedReason, string> = {
  'fallback-ratio': `模型未设置价格，按默认模型倍率 ${FALLBACK_MODEL_RATIO} 计费（用户已接受未设置价格的模型）`,
  'self-use': '模型未设置价格，自用模式下不计费',
};

/** How one call of a model is priced, frozen at the start of the call. */
export type Price =
  | {
      kind: 'ratio';
      modelRatio: number;
      completionRatio: number;
      groupRatio: number;
      cacheRatio: number;
      createCacheRatio: number;
      unpriced?: UnpricedReason;
    }
  | { kind: 'per-call'; modelPrice: number; groupRatio: number; unpriced?: UnpricedReason };

/** The group's ratio (1 when the group has none). */
export function groupRatioOf(options: OptionStore, group: string): number {
  const ratio = options.json<Record<string, number>>('GroupRatio')?.[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) && ratio >= 0 ? ratio : 1;
}

function ratioPrice(options: OptionStore, model: string, modelRatio: number, groupRatio: number): Price {
  return {
    kind: 'ratio',
    modelRatio,
    completionRatio: ratioIn(options, 'CompletionRatio', model, 1),
    groupRatio,
    cacheRatio: ratioIn(options, 'CacheRatio', model, 1),
    createCacheRatio: ratioIn(options, 'CreateCacheRatio', model, DEFAULT_CREATE_CACHE_RATIO),
  };
}

/** What the price tables list for a model, before group, self-use mode or a user's consent: null when they list nothing. */
export type ListedPrice =
  { kind: 'per-call'; modelPrice: number } | { kind: 'ratio'; modelRatio: number; completionRatio: number };

const tableEntry = (options: OptionStore, key: 'ModelPrice' | 'ModelRatio', model: string): number | undefined => {
  const value = options.json<Record<string, number>>(key)?.[model];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
};

/**
 * A model's listed price: a per-call price when ModelPrice has it, else its ratio. Negative or
 * non-numeric entries count as missing, for the relay and the pricing page alike.
 */
export function listedPriceOf(options: OptionStore, model: string): ListedPrice | null {
  const modelPrice = tableEntry(options, 'ModelPrice', model);
  if (modelPrice !== undefined) return { kind: 'per-call', modelPrice };
  const modelRatio = tableEntry(options, 'ModelRatio', model);
  if (modelRatio === undefined) return null;
  return { kind: 'ratio', modelRatio, completionRatio: ratioIn(options, 'CompletionRatio', model, 1) };
}

/**
 * The price of a model in a group: its listed price. A model with none is free in self-use mode
 * (`SelfUseModeEnabled`), billed at FALLBACK_MODEL_RATIO for a user who accepts unpriced models, and
 * otherwise refused (null): never billed at a made-up ratio unless someone asked for it.
 */
export function priceOf(options: OptionStore, model: string, group: string, acceptsUnpriced = false): Price | null {
  const groupRatio = groupRatioOf(options, group);
  const listed = listedPriceOf(options, model);
  if (listed?.kind === 'per-call') return { kind: 'per-call', modelPrice: listed.modelPrice, groupRatio };
  if (listed) return ratioPrice(options, model, listed.modelRatio, groupRatio);
  if (options.boolean('SelfUseModeEnabled'))
    return { kind: 'per-call', modelPrice: 0, groupRatio, unpriced: 'self-use' };
  if (acceptsUnpriced)
    return { ...ratioPrice(options, model, FALLBACK_MODEL_RATIO, groupRatio), unpriced: 'fallback-ratio' };
  return null;
}
