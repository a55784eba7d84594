import { DEFAULT_CREATE_CACHE_RATIO } from '@switchboard/contract';
import type { OptionStore } from '../../platform/option-store';

/** A model's entry in a JSON ratio table, or the fallback when it has none (or a bad one). */
function ratioIn(options: OptionStore, key: 'CompletionRatio' | 'CacheRatio' | 'CreateCacheRatio', model: string, fallback: number): number {
  const value = options.json<Record<string, number>>(key)?.[model];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** How one call of a model is priced, frozen at the start of the call. */
export type Price =
  | { kind: 'ratio'; modelRatio: number; completionRatio: number; groupRatio: number; cacheRatio: number; createCacheRatio: number }
  | { kind: 'per-call'; modelPrice: number; groupRatio: number };

/** The group's ratio (1 when the group has none). */
export function groupRatioOf(options: OptionStore, group: string): number {
  const ratio = options.json<Record<string, number>>('GroupRatio')?.[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) && ratio >= 0 ? ratio : 1;
}

/**
 * The price of a model in a group: a per-call price when ModelPrice has it, else the ratios; null when
 * the model has neither (unpriced models are refused, never billed at a made-up ratio).
 */
export function priceOf(options: OptionStore, model: string, group: string): Price | null {
  const groupRatio = groupRatioOf(options, group);
  const modelPrice = options.json<Record<string, number>>('ModelPrice')?.[model];
  if (typeof modelPrice === 'number' && Number.isFinite(modelPrice) && modelPrice >= 0) {
    return { kind: 'per-call', modelPrice, groupRatio };
  }
  const modelRatio = options.json<Record<string, number>>('ModelRatio')?.[model];
  if (typeof modelRatio !== 'number' || !Number.isFinite(modelRatio) || modelRatio < 0) return null;
  return {
    kind: 'ratio',
    modelRatio,
    completionRatio: ratioIn(options, 'CompletionRatio', model, 1),
    groupRatio,
    cacheRatio: ratioIn(options, 'CacheRatio', model, 1),
    createCacheRatio: ratioIn(options, 'CreateCacheRatio', model, DEFAULT_CREATE_CACHE_RATIO),
  };
}
