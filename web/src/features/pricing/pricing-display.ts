import {
  completionPricePerMillion,
  perCallPrice,
  promptPricePerMillion,
  QuotaType,
  type PricingItem,
} from '@switchboard/contract';

/** Tag colour of a ratio (spec 000 §9): above 5 red, above 3 orange, above 1 blue, otherwise green. */
export function ratioColor(ratio: number): string {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}

export type ItemPrice =
  { kind: 'tokens'; prompt: number; completion: number } | { kind: 'call'; perCall: number } | { kind: 'unpriced' };

/** What one model costs in a group: per 1M tokens, per call, or nothing known. */
export function priceOfItem(item: PricingItem, groupRatio: number): ItemPrice {
  if (item.unpriced) return { kind: 'unpriced' };
  if (item.quota_type === QuotaType.PerCall)
    return { kind: 'call', perCall: perCallPrice(item.model_price, groupRatio) };
  return {
    kind: 'tokens',
    prompt: promptPricePerMillion(item.model_ratio, groupRatio),
    completion: completionPricePerMillion(item.model_ratio, item.completion_ratio, groupRatio),
  };
}

/** The group to show first: the user's own when it is usable, else "default", else the first one. */
export function initialGroup(usable: string[], ownGroup: string | undefined): string {
  if (ownGroup && usable.includes(ownGroup)) return ownGroup;
  if (usable.includes('default')) return 'default';
  return usable[0] ?? 'default';
}
