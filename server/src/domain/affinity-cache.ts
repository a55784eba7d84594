import type { AffinityCacheStats, AffinityUsageStats } from '@switchboard/contract';

/** A refusal of the affinity cache routes (400), worded by the console. */
export class AffinityRequestError extends Error {
  constructor(readonly reason: 'missing' | 'unknown rule' | 'rule without name') {
    super(reason);
  }
}

/** What the console's affinity routes ask of the relay's channel affinity (handed over by app.ts). */
export interface AffinityCacheAdmin {
  cacheStats(): Promise<AffinityCacheStats>;
  /** Every entry, or those of one rule that includes its name; throws AffinityRequestError. */
  clear(all: boolean, ruleName: string | undefined): Promise<number>;
  usageStats(ruleName: string, usingGroup: string, fingerprint: string): Promise<AffinityUsageStats>;
}
