import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Tables } from '../../db/tables/index';

type Counter = Map<number, number>;

interface Deltas {
  userQuota: Counter;
  userUsed: Counter;
  userRequests: Counter;
  tokenRemain: Counter;
  tokenUsed: Counter;
  channelUsed: Counter;
}

const emptyDeltas = (): Deltas => ({
  userQuota: new Map(),
  userUsed: new Map(),
  userRequests: new Map(),
  tokenRemain: new Map(),
  tokenUsed: new Map(),
  channelUsed: new Map(),
});

const add = (counter: Counter, id: number, delta: number) => {
  if (delta !== 0) counter.set(id, (counter.get(id) ?? 0) + delta);
};

/**
 * Collects additive changes to balances and usage counters and writes them in one transaction per
 * batch. Additions commute, so several instances writing their own batches never lose an update.
 */
export class DeltaWriter {
  private pending = emptyDeltas();
  private flushing: Promise<void> | null = null;

  constructor(private readonly db: Kysely<Tables>) {}

  userQuota(userId: number, delta: number): void {
    add(this.pending.userQuota, userId, delta);
  }

  tokenRemain(tokenId: number, delta: number): void {
    add(this.pending.tokenRemain, tokenId, delta);
  }

  usage(userId: number, tokenId: number, channelId: number, quota: number, requests: number): void {
    add(this.pending.userUsed, userId, quota);
    add(this.pending.userRequests, userId, requests);
    if (tokenId > 0) add(this.pending.tokenUsed, tokenId, quota);
    if (channelId > 0) add(this.pending.channelUsed, channelId, quota);
  }

  /** Writes everything pending; concurrent callers share one write. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const batch = this.pending;
    if (isEmpty(batch)) return;
    this.pending = emptyDeltas();
    this.flushing = this.write(batch).catch((error: unknown) => {
      this.merge(batch);
      throw error;
    });
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  private async write(batch: Deltas): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.db.transaction().execute(async (transaction) => {
      for (const id of new Set([...batch.userQuota.keys(), ...batch.userUsed.keys(), ...batch.userRequests.keys()])) {
        await transaction
          .updateTable('users')
          .set({
            quota: sql`quota + ${batch.userQuota.get(id) ?? 0}`,
            used_quota: sql`used_quota + ${batch.userUsed.get(id) ?? 0}`,
            request_count: sql`request_count + ${batch.userRequests.get(id) ?? 0}`,
          })
          .where('id', '=', id)
          .execute();
      }
      for (const id of new Set([...batch.tokenRemain.keys(), ...batch.tokenUsed.keys()])) {
        await transaction
          .updateTable('tokens')
          .set({
            remain_quota: sql`remain_quota + ${batch.tokenRemain.get(id) ?? 0}`,
            used_quota: sql`used_quota + ${batch.tokenUsed.get(id) ?? 0}`,
            accessed_time: now,
          })
          .where('id', '=', id)
          .execute();
      }
      for (const [id, delta] of batch.channelUsed) {
        await transaction
          .updateTable('channels')
          .set({ used_quota: sql`used_quota + ${delta}` })
          .where('id', '=', id)
          .execute();
      }
    });
  }

  private merge(batch: Deltas): void {
    for (const name of Object.keys(batch) as Array<keyof Deltas>) {
      for (const [id, delta] of batch[name]) add(this.pending[name], id, delta);
    }
  }
}

function isEmpty(deltas: Deltas): boolean {
  return Object.values(deltas).every((counter: Counter) => counter.size === 0);
}
