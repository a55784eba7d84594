import type { Redis } from 'ioredis';
import { APPLY } from './redis-scripts';

/** One balance a change applies to: its key, its field in the holds hash, and the change's name for it in the applied set. */
export interface ChangePart {
  key: string;
  field: string;
  name: string;
}

/**
 * A change for the APPLY script: parts, the hold it ends (up to), the amount it subtracts, its journal
 * number (0: none); what of it this instance's lease paid (`covered`, with the lease's key, '' when
 * none), and whether it may lower the balances (`recall`: every lease on them is taken back first).
 */
export interface BalanceChange {
  parts: ChangePart[];
  reserved: number;
  amount: number;
  seq: number;
  covered?: number;
  lease?: string;
  recall?: boolean;
}

/**
 * Applied, with the first part's new balance and whether the change's lease is gone (recalled, expired
 * or no longer covered by the balance); or not applied because the part at `missing` (from 0) is not loaded.
 */
export type ChangeResult = { applied: true; value: number; leaseGone: boolean } | { applied: false; missing: number };

/** Changes sent in one script call at most: a script holds Redis while it runs. */
const MAX_BATCH = 256;

interface Pending {
  change: BalanceChange;
  resolve: (result: ChangeResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Sends the balance changes asked for within one turn of the event loop (the settlements a journal
 * write made durable together, say) to Redis in one APPLY call instead of one call each.
 */
export class RedisChangeBatch {
  private queue: Pending[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly holdsKey: string,
    private readonly appliedKey: string,
    private readonly instanceId: string,
  ) {}

  apply(change: BalanceChange): Promise<ChangeResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ change, resolve, reject });
      if (this.queue.length === 1) queueMicrotask(() => this.send());
      else if (this.queue.length >= MAX_BATCH) this.send();
    });
  }

  private send(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    const keys = [this.holdsKey, this.appliedKey];
    const args: (string | number)[] = [this.instanceId];
    for (const { change } of batch) {
      args.push(
        change.parts.length,
        change.reserved,
        change.amount,
        change.seq,
        change.covered ?? 0,
        change.lease ?? '',
        change.recall ? 1 : 0,
      );
      for (const part of change.parts) {
        keys.push(part.key, `${part.key}:marks`);
        args.push(part.field, part.name);
      }
    }
    APPLY.run(this.redis, keys, args).then(
      (answer) => {
        const numbers = answer as number[];
        batch.forEach((pending, index) => {
          const missing = Number(numbers[3 * index]);
          pending.resolve(
            missing === 0
              ? {
                  applied: true,
                  value: Number(numbers[3 * index + 1]),
                  leaseGone: Number(numbers[3 * index + 2]) === 1,
                }
              : { applied: false, missing: missing - 1 },
          );
        });
      },
      (error: unknown) => {
        for (const pending of batch) pending.reject(error);
      },
    );
  }
}
