import { describe, expect, it } from 'vitest';
import type { Price } from '../../domain/prices';
import { quotaFor } from './quota';

const claude: Price = {
  kind: 'ratio',
  modelRatio: 1.5,
  completionRatio: 5,
  groupRatio: 1,
  cacheRatio: 0.1,
  createCacheRatio: 1.25,
};

describe('the bill of prompt-cache tokens', () => {
  it('charges cache reads and writes at their ratios, the rest of the prompt in full', () => {
    // (100 plain + 2000 × 0.1 + 400 × 1.25 + 50 × 5) × 1.5 = 1575
    expect(
      quotaFor(
        claude,
        { promptTokens: 2500, completionTokens: 50, cachedTokens: 2000, cacheWriteTokens: 400 },
        500_000,
      ),
    ).toBe(1575);
  });

  it('an OpenAI answer with cached tokens pays the cache ratio for them', () => {
    const gpt: Price = {
      kind: 'ratio',
      modelRatio: 0.075,
      completionRatio: 4,
      groupRatio: 2,
      cacheRatio: 0.5,
      createCacheRatio: 1.25,
    };
    // (200 plain + 800 × 0.5 + 100 × 4) × 0.075 × 2 = 150
    expect(quotaFor(gpt, { promptTokens: 1000, completionTokens: 100, cachedTokens: 800 }, 500_000)).toBe(150);
    expect(quotaFor(gpt, { promptTokens: 1000, completionTokens: 100 }, 500_000)).toBe(210);
  });

  it('never counts a negative plain prompt when the cache figures exceed it', () => {
    expect(quotaFor(claude, { promptTokens: 10, completionTokens: 0, cachedTokens: 20 }, 500_000)).toBe(3);
  });
});
