import { roundHalfAwayFromZero } from '@switchboard/contract';
import type { Price } from '../../domain/prices';

export interface Usage {
  /** every input token, including those read from or written to a prompt cache */
  promptTokens: number;
  completionTokens: number;
  /** of the prompt tokens, how many were read from a prompt cache */
  cachedTokens?: number;
  /** of the prompt tokens, how many were written to a prompt cache (Claude) */
  cacheWriteTokens?: number;
}

/**
 * The bill of one call in quota units (reference notes §3.5, spec 001 §9):
 * per call: price × quotaPerUnit × group ratio;
 * by tokens: (prompt + completion × completion ratio) × model ratio × group ratio, where prompt tokens
 * read from a prompt cache count × cache ratio and those written to one × create-cache ratio; rounded
 * half away from zero, at least 1 when the ratio is not 0 and tokens were used, 0 when none were.
 */
export function quotaFor(price: Price, usage: Usage, quotaPerUnit: number, calls = 1): number {
  if (price.kind === 'per-call')
    return roundHalfAwayFromZero(price.modelPrice * quotaPerUnit * price.groupRatio * calls);
  const tokens = usage.promptTokens + usage.completionTokens;
  if (tokens <= 0) return 0;
  const ratio = price.modelRatio * price.groupRatio;
  const cached = usage.cachedTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const plainPrompt = Math.max(0, usage.promptTokens - cached - written);
  const prompt = plainPrompt + cached * price.cacheRatio + written * price.createCacheRatio;
  const quota = roundHalfAwayFromZero((prompt + usage.completionTokens * price.completionRatio) * ratio);
  return ratio !== 0 && quota <= 0 ? 1 : quota;
}

/**
 * What to reserve before the call: the per-call price, or (prompt estimate + max tokens) at the
 * model's ratios, truncated like the reference product's pre-consumption.
 */
export function reserveFor(price: Price, promptEstimate: number, maxTokens: number, quotaPerUnit: number): number {
  if (price.kind === 'per-call') return quotaFor(price, { promptTokens: 0, completionTokens: 0 }, quotaPerUnit);
  return Math.trunc((promptEstimate + maxTokens * price.completionRatio) * price.modelRatio * price.groupRatio);
}
