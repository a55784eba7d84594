import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Tables } from '../../db/tables/index';
import { advanceMark, emptyRange, widen, type JournalLink, type SeqRange } from '../journal-marks';
import {
  balanceChange,
  journalCharge,
  journalRefund,
  journalTokenChange,
  journalUsage,
  journalUserChange,
  type JournalRecord,
} from '../journal-record';

type Counter = Map<number, number>;

interface Deltas {
  userQuota: Counter;
  userUsed: Counter;
  userRequests: Counter;
  tokenRemain: Counter;
  tokenUsed: Counter;
  channelUsed: Counter;
  /** the journal records this batch holds */
  seqs: SeqRange;
  /** Date.now() of its first change */
  since: number | undefined;
}

const emptyDeltas = (): Deltas => ({
  userQuota: new Map(),
  userUsed: new Map(),
  userRequests: new Map(),
  tokenRemain: new Map(),
  tokenUsed: new Map(),
  channelUsed: new Map(),
  seqs: emptyRange(),
  since: undefined,
});

const add = (counter: Counter, id: number, delta: number) => {
  if (delta !== 0) counter.set(id, (counter.get(id) ?? 0) + delta);
};

/**
 * Collects additive changes to balances and usage counters and writes them in one transaction per
 * batch. Additions commute, so several instances writing their own batches never lose an update.
 * With a journal, every change is also appended there first, and each batch's transaction advances
 * this instance's `deltas` mark, so a replay after a crash adds exactly the changes not yet written.
 */
export class DeltaWriter {
  private pending = emptyDeltas();
  private inFlight: Deltas | null = null;
  /** The last journal record whose batch the database committed (0 before any). */
  writtenThrough = 0;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly link: JournalLink | null = null,
  ) {}

  /** A credit or an administrator's change of a user's balance; returns its journal record number (0 without a journal, or for no change). */
  userQuota(userId: number, delta: number): number {
    if (delta === 0) return 0;
    add(this.pending.userQuota, userId, delta);
    return this.journaled(this.link && journalUserChange(this.link.journal, userId, delta));
  }

  /** A change of a token's balance; returns its journal record number (0 without a journal, or for no change). */
  tokenRemain(tokenId: number, delta: number): number {
    if (delta === 0) return 0;
    add(this.pending.tokenRemain, tokenId, delta);
    return this.journaled(this.link && journalTokenChange(this.link.journal, tokenId, delta));
  }

  /** A call's bill, from the user's balance and (unless null) the token's, as one record; returns its number (0 without a journal, or for 0). */
  charge(userId: number, tokenId: number | null, quota: number): number {
    if (quota === 0) return 0;
    this.shiftBalances(userId, tokenId, -quota);
    return this.journaled(this.link && journalCharge(this.link.journal, userId, tokenId, quota));
  }

  /** A price given back to the user's balance and (unless null) the token's, as one record; returns its number (0 without a journal, or for 0). */
  refund(userId: number, tokenId: number | null, quota: number): number {
    if (quota === 0) return 0;
    this.shiftBalances(userId, tokenId, quota);
    return this.journaled(this.link && journalRefund(this.link.journal, userId, tokenId, quota));
  }

  usage(userId: number, tokenId: number, channelId: number, quota: number, requests: number): void {
    this.journaled(this.link && journalUsage(this.link.journal, userId, tokenId, channelId, quota, requests));
    this.addUsage(userId, tokenId, channelId, quota, requests);
  }

  /** Takes back a change journaled by an earlier run of this instance (the replay at start). */
  replay(record: JournalRecord): void {
    const change = balanceChange(record);
    if (change) {
      if (change.userId !== null) add(this.pending.userQuota, change.userId, change.delta);
      if (change.tokenId !== null) add(this.pending.tokenRemain, change.tokenId, change.delta);
    } else if (record.kind === 'usage')
      this.addUsage(record.userId, record.tokenId, record.channelId, record.quota, record.requests);
    else return;
    this.pending.since ??= Date.now();
    widen(this.pending.seqs, record.seq);
  }

  /** The oldest journal record not yet in the database (Infinity when none). */
  get oldestPendingSeq(): number {
    return Math.min(this.pending.seqs.first, this.inFlight?.seqs.first ?? Number.POSITIVE_INFINITY);
  }

  /** When the oldest change not yet in the database was made (the write-behind lag). */
  oldestQueuedAt(): number | undefined {
    return this.inFlight?.since ?? this.pending.since;
  }

  /** Notes a change queued (and its journal record, 0 or null without a journal); returns the record's number. */
  private journaled(seq: number | null): number {
    this.pending.since ??= Date.now();
    if (!seq) return 0;
    widen(this.pending.seqs, seq);
    return seq;
  }

  private shiftBalances(userId: number, tokenId: number | null, delta: number): void {
    add(this.pending.userQuota, userId, delta);
    if (tokenId !== null) add(this.pending.tokenRemain, tokenId, delta);
  }

  private addUsage(userId: number, tokenId: number, channelId: number, quota: number, requests: number): void {
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
    this.inFlight = batch;
    this.flushing = this.write(batch).catch((error: unknown) => {
      this.merge(batch);
      throw error;
    });
    try {
      await this.flushing;
      this.writtenThrough = Math.max(this.writtenThrough, batch.seqs.last);
    } finally {
      this.flushing = null;
      this.inFlight = null;
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
      if (this.link) await advanceMark(transaction, this.link, 'deltas', batch.seqs.last);
    });
  }

  private merge(batch: Deltas): void {
    for (const name of COUNTERS) {
      for (const [id, delta] of batch[name]) add(this.pending[name], id, delta);
    }
    widen(this.pending.seqs, batch.seqs.first);
    widen(this.pending.seqs, batch.seqs.last);
    this.pending.since = Math.min(batch.since ?? Date.now(), this.pending.since ?? Date.now());
  }
}

const COUNTERS = ['userQuota', 'userUsed', 'userRequests', 'tokenRemain', 'tokenUsed', 'channelUsed'] as const;

function isEmpty(deltas: Deltas): boolean {
  return COUNTERS.every((name) => deltas[name].size === 0) && deltas.seqs.last === 0;
}
