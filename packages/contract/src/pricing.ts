/** How a model is billed: 0 by tokens (ratios), 1 per call (a fixed price). */
export const QuotaType = { ByTokens: 0, PerCall: 1 } as const;

/** One row of `GET /api/pricing` (spec 001 §3 Pricing item). */
export interface PricingItem {
  model_name: string;
  quota_type: number;
  model_ratio: number;
  completion_ratio: number;
  /** US dollars per call when billed per call. */
  model_price: number;
  /** Groups in which an enabled channel serves the model. */
  enable_groups: string[];
  /** True when no price table has the model: the relay refuses it; no ratio is made up. */
  unpriced: boolean;
}

/** The whole `GET /api/pricing` reply: `data` plus two maps beside it. */
export interface PricingReply {
  success: boolean;
  message: string;
  data: PricingItem[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
}

/** US dollars per 1M prompt tokens: model ratio × 2 × group ratio (ratio 1 = $0.002 / 1K tokens). */
export function promptPricePerMillion(modelRatio: number, groupRatio: number): number {
  return modelRatio * 2 * groupRatio;
}

/** US dollars per 1M completion tokens: the prompt price × the completion ratio. */
export function completionPricePerMillion(modelRatio: number, completionRatio: number, groupRatio: number): number {
  return promptPricePerMillion(modelRatio, groupRatio) * completionRatio;
}

/** US dollars per call: the model price × the group ratio. */
export function perCallPrice(modelPrice: number, groupRatio: number): number {
  return modelPrice * groupRatio;
}
