import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import { balanceChange, type JournalRecord } from '../journal-record';
import { AppError } from '../../platform/errors';
import { TRUST_FACTOR, type Admission } from './admission';
import { type BalanceBook, type Charge, type Hold, type Refund } from './balance-book';
import type { DeltaWriter } from './delta-writer';
import { RedisChangeBatch, type BalanceChange, type ChangeResult } from './redis-change-batch';
import { LeaseCharges } from './redis-lease-charges';
import { LEASE_EXPIRY_MS, REDIS_LEASE_SHARE, RedisLeases } from './redis-leases';
import { RedisReadBatch } from './redis-read-batch';
import { RECALL } from './redis-lease-scripts';
import { ADMIT, LOAD, RELEASE_LEFTOVERS, RESERVE } from './redis-scripts';
import { messages } from '../../platform/i18n/catalogue';

/** After Redis lost its data, how long balances wait before they are copied again from the database. */
const REBUILD_WAIT_MS = 3000;

type Kind = 'user' | 'token';

/** One balance a change applies to: which, and the change's name for it in the applied set. */
interface Part {
  kind: Kind;
  id: number;
  name: string;
}

/** What of a change the lease paid, with the lease's key, and whether it may lower the balances. */
type ChangeExtra = Pick<BalanceChange, 'covered' | 'lease' | 'recall'>;

/** What the ADMIT script answers, as an admission (its answers for a balance not loaded are handled before). */
const admission = (result: number, amount: number): Admission => {
  if (result === 1) return { reserved: amount };
  if (result === 2) return { short: 'user' };
  if (result === 3) return { short: 'token' };
  return { reserved: 0 };
};

/**
 * A journal record's name in the applied set: its number for a record that changes one balance (and
 * the user's part of a charge or refund), with `t` for the token's part of a charge or refund.
 */
const userPart = (seq: number) => String(seq);
const tokenPart = (seq: number) => `${seq}t`;

/** This instance's identity and journal, as the Redis book needs them. */
export interface RedisBookInstance {
  id: string;
  /** resolves once every change journaled so far is durable */
  durable(): Promise<void>;
}

/**
 * Balances held in Redis: the authority shared by every instance. A balance is copied from the
 * database the first time any instance needs it (the first copy wins); each instance sends its own
 * changes to the database as additive deltas, flushed every second.
 *
 * A change is journaled first (durably), then applied in Redis by a script that records its journal
 * number, so that a restarted instance applies exactly the journaled changes its killed run had not
 * applied yet. Holds (reservations) live in Redis only, per instance; a restarted instance gives
 * back what its killed run held. If Redis loses its data, balances are copied again only after
 * REBUILD_WAIT_MS, when every instance has flushed what it changed before the loss; the copy keeps
 * the journal marks the database had, so a change already in the copy is not applied again.
 *
 * A caller Redis trusts (a large balance) gets a lease with its admission (redis-leases.ts): later
 * calls of that user and token are let in here without asking, and their charges are paid from it and
 * applied in Redis together a little later (redis-lease-charges.ts).
 */
export class RedisBalanceBook implements BalanceBook {
  private readonly holdsKey: string;
  private readonly appliedKey: string;
  private readonly changes: RedisChangeBatch;
  private readonly reads: RedisReadBatch;
  private readonly leases: RedisLeases;
  private readonly leaseCharges: LeaseCharges;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly db: Kysely<Tables>,
    private readonly writer: DeltaWriter,
    private readonly instance: RedisBookInstance,
  ) {
    this.holdsKey = `${prefix}holds:${instance.id}`;
    this.appliedKey = `${prefix}applied:${instance.id}`;
    this.changes = new RedisChangeBatch(redis, this.holdsKey, this.appliedKey, instance.id);
    this.reads = new RedisReadBatch(redis);
    this.leases = new RedisLeases(redis, prefix, instance.id);
    this.leaseCharges = new LeaseCharges(redis, {
      instanceId: instance.id,
      appliedKey: this.appliedKey,
      durable: () => instance.durable(),
      load: (kind, id) => this.load(kind, id),
      gone: (lease) => this.leases.gone(lease),
    });
    this.leases.onRecalled = async (key) => {
      await this.leaseCharges.send();
      await this.leases.end([key]);
    };
  }

  /**
   * At start, before the journal replay writes the database: gives back the holds the killed run
   * left and applies its journaled balance changes that Redis has not seen.
   */
  async recover(records: JournalRecord[]): Promise<void> {
    await this.leases.listen();
    await this.leases.end();
    await RELEASE_LEFTOVERS.run(this.redis, [this.holdsKey], [`${this.prefix}balance:`]);
    for (const record of records) {
      const change = balanceChange(record);
      if (!change) continue;
      // A balance Redis does not hold is copied from the database later, with the change in it once the replay wrote it.
      if (change.userId !== null)
        await this.apply(
          [{ kind: 'user', id: change.userId, name: userPart(record.seq) }],
          0,
          -change.delta,
          record.seq,
        );
      if (change.tokenId !== null) {
        const name = record.kind === 'token' ? userPart(record.seq) : tokenPart(record.seq);
        await this.apply([{ kind: 'token', id: change.tokenId, name }], 0, -change.delta, record.seq);
      }
    }
  }

  /** From this instance's leases only: a copy of a balance here would not know of other instances' changes. */
  surelyAbove(userId: number, tokenId: number | null, amount: number): boolean {
    return this.leases.above(userId, tokenId, amount);
  }

  tokenSurelyAbove(tokenId: number, amount: number): boolean {
    return this.leases.tokenAbove(tokenId, amount);
  }

  userQuota(userId: number): Promise<number> {
    return this.read('user', userId);
  }

  tokenRemain(tokenId: number): Promise<number> {
    return this.read('token', tokenId);
  }

  adjustUser(userId: number, delta: number): Promise<number> {
    return this.adjust('user', userId, delta);
  }

  adjustToken(tokenId: number, delta: number): Promise<number> {
    return this.adjust('token', tokenId, delta);
  }

  async setTokenRemain(tokenId: number, value: number): Promise<void> {
    await this.adjustToken(tokenId, value - (await this.tokenRemain(tokenId)));
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(messages.common.quotaNegative);
    await this.adjustUser(userId, value - (await this.userQuota(userId)));
  }

  /**
   * What `admitOn` decides: at once when this instance's lease covers the call, else in one script
   * call that reads, trusts and holds together, and grants a trusted caller a lease.
   */
  async admit(request: Hold): Promise<Admission> {
    if (this.leases.covers(request.userId, request.tokenId, request.amount)) return { reserved: 0 };
    const leaseKey = this.leases.key(request.userId, request.tokenId);
    // Redis decides on the balance with what the lease paid in it (a new lease is sized on it).
    if (this.leaseCharges.busy) await this.leaseCharges.send();
    const leaseKeys = [leaseKey, this.leases.ownKey];
    const [result, lease] = (await this.holding(ADMIT, request, leaseKeys, [
      request.amount * TRUST_FACTOR,
      REDIS_LEASE_SHARE,
      LEASE_EXPIRY_MS,
    ])) as [number, number];
    if (Number(lease) > 0) this.leases.granted(request.userId, request.tokenId, Number(lease));
    return admission(Number(result), request.amount);
  }

  async reserve(request: Hold): Promise<boolean> {
    return Number(await this.holding(RESERVE, request, [], [])) === 1;
  }

  /** Gives the hold back in Redis (both balances in one call); nothing to journal, nothing for the database. */
  async release(request: Hold): Promise<void> {
    await this.settle(this.parts(request.userId, request.tokenId, 0), request.amount, 0, 0);
  }

  /**
   * Journals the charge, waits until the journal holds it (with whatever the same turn journaled
   * before it: the call's usage and log row), then applies it in Redis. A charge a lease paid in full
   * is queued with the lease's others instead (sent once durable).
   */
  async charge(request: Charge): Promise<void> {
    const paid = this.leases.spend(request.userId, request.tokenId, request.quota - request.reserved);
    const seq = this.writer.charge(request.userId, request.tokenId, request.quota);
    if (request.reserved === 0 && request.quota === 0) return;
    if (paid && seq > 0 && request.reserved === 0 && paid.covered === request.quota) {
      const balances = this.parts(request.userId, request.tokenId, seq).map((part) => ({
        key: this.key(part.kind, part.id),
        kind: part.kind,
        id: part.id,
      }));
      this.leaseCharges.add(this.leases.key(request.userId, request.tokenId), paid.lease, balances, seq, request.quota);
      return;
    }
    await this.instance.durable();
    const lease = paid ? { covered: paid.covered, lease: this.leases.key(request.userId, request.tokenId) } : {};
    const result = await this.settle(
      this.parts(request.userId, request.tokenId, seq),
      request.reserved,
      request.quota,
      seq,
      lease,
    );
    if (paid && result.leaseGone) this.leases.gone(paid.lease);
  }

  /** Like a charge: journaled, durable, then applied in Redis. */
  async refund(request: Refund): Promise<void> {
    const seq = this.writer.refund(request.userId, request.tokenId, request.quota);
    if (request.quota === 0) return;
    await this.instance.durable();
    await this.settle(this.parts(request.userId, request.tokenId, seq), 0, -request.quota, seq);
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    this.writer.usage(usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  /** Sends the charges the leases paid, renews the leases, writes pending deltas, then forgets the applied changes the database now holds. */
  async flush(): Promise<void> {
    // The database is written whether or not Redis answers: a rebuild of Redis waits for it.
    const sent = this.leaseCharges.send();
    const renewed = this.leases.renew();
    await this.writer.flush();
    await Promise.all([sent, renewed]);
    // Best effort: a change the database holds is never applied again anyway (the balance's marks).
    if (this.writer.writtenThrough > 0)
      await this.redis.zremrangebyscore(this.appliedKey, '-inf', this.writer.writtenThrough).catch(() => 0);
  }

  /** Gives this instance's leases back (a clean stop). */
  async close(): Promise<void> {
    await this.leaseCharges.send();
    await this.leases.end();
    this.leases.close();
  }

  abandon(): void {
    this.leases.close();
  }

  /**
   * Asks the holders of the leases on a balance to give them back and waits until none is out, or
   * until one did not answer within LEASE_EXPIRY_MS (the lowering then ends them without it).
   */
  /** A lowering first takes back every lease on the balance (its holders give them back, or they are ended without them). */
  private async adjust(kind: Kind, id: number, delta: number): Promise<number> {
    if (delta < 0) await this.takeBack(kind, id);
    const seq = kind === 'user' ? this.writer.userQuota(id, delta) : this.writer.tokenRemain(id, delta);
    await this.instance.durable();
    return (await this.settle([{ kind, id, name: userPart(seq) }], 0, -delta, seq, { recall: delta < 0 })).value;
  }

  private async takeBack(kind: Kind, id: number): Promise<void> {
    this.leases.lowering(kind, id);
    for (;;) {
      const heard = this.leases.endsHeard;
      if (Number(await RECALL.run(this.redis, [this.key(kind, id)], [])) === 0) return;
      if (!(await this.leases.endAfter(heard))) return;
    }
  }

  private key(kind: Kind, id: number): string {
    return `${this.prefix}balance:${kind}:${id}`;
  }

  private async read(kind: Kind, id: number): Promise<number> {
    // This instance reads its own charges: those its leases paid are applied first.
    if (this.leaseCharges.busy) await this.leaseCharges.send();
    const value = await this.reads.get(this.key(kind, id));
    return value === null ? this.load(kind, id) : Number(value);
  }

  /** The user's balance and, unless null, the token's, with the names of a change's parts (journal record `seq`). */
  private parts(userId: number, tokenId: number | null, seq: number): Part[] {
    const user: Part = { kind: 'user', id: userId, name: userPart(seq) };
    return tokenId === null ? [user] : [user, { kind: 'token', id: tokenId, name: tokenPart(seq) }];
  }

  /**
   * Runs ADMIT or RESERVE on the request's balances (loading a balance Redis lacks, then again);
   * answers the script's answer (a number, or a list whose first item is the result).
   */
  private async holding(
    script: typeof ADMIT,
    request: Hold,
    extraKeys: string[],
    extra: (number | string)[],
  ): Promise<unknown> {
    const keys = [
      this.key('user', request.userId),
      request.tokenId === null ? '' : this.key('token', request.tokenId),
      this.holdsKey,
      ...extraKeys,
    ];
    const args = [request.amount, `user:${request.userId}`, `token:${request.tokenId ?? 0}`, ...extra];
    let force = false;
    let loads = 0;
    while (loads < 3) {
      const heard = this.leases.endsHeard;
      const answer = await script.run(this.redis, keys, [...args, force ? 1 : 0]);
      const result = Number(Array.isArray(answer) ? answer[0] : answer);
      if (result >= 0) return answer;
      if (result === -3) {
        // Leases stand in the way: their holders give them back; one that does not answer loses it.
        force = !(await this.leases.endAfter(heard));
        continue;
      }
      loads += 1;
      if (result === -1) await this.load('user', request.userId);
      else if (request.tokenId !== null) await this.load('token', request.tokenId);
    }
    throw new Error('balance could not be loaded into Redis');
  }

  /** Applies a change to every part in one call (loading a balance Redis lacks first); answers what APPLY did. */
  private async settle(
    parts: Part[],
    reserved: number,
    amount: number,
    seq: number,
    extra: ChangeExtra = {},
  ): Promise<{ value: number; leaseGone: boolean }> {
    for (let round = 0; round < 3; round += 1) {
      const result = await this.apply(parts, reserved, amount, seq, extra);
      if (result.applied) return result;
      const missing = parts[result.missing];
      if (!missing) break;
      await this.load(missing.kind, missing.id);
    }
    throw new Error('balance could not be loaded into Redis');
  }

  /** Applies a change in Redis, with the others of this turn: applied with the first part's new balance, or which part's balance is not loaded (nothing applied then). */
  private apply(
    parts: Part[],
    reserved: number,
    amount: number,
    seq: number,
    extra: ChangeExtra = {},
  ): Promise<ChangeResult> {
    const changeParts = parts.map((part) => ({
      key: this.key(part.kind, part.id),
      field: `${part.kind}:${part.id}`,
      name: part.name,
    }));
    return this.changes.apply({ parts: changeParts, reserved, amount, seq, ...extra });
  }

  /** Copies a balance from the database with every instance's journal mark, read in one statement. */
  private async load(kind: Kind, id: number): Promise<number> {
    await this.waitForRebuild();
    const rows = await this.db
      .selectFrom(kind === 'user' ? 'users' : 'tokens')
      .leftJoin('journal_marks', (join) => join.on('journal_marks.stream', '=', 'deltas'))
      .select([
        kind === 'user' ? 'quota as value' : 'remain_quota as value',
        'journal_marks.instance_id',
        'journal_marks.seq',
      ])
      .where('id', '=', id)
      .execute();
    const marks = rows.flatMap((row) => (row.instance_id ? [row.instance_id, toNumber(row.seq)] : []));
    const value = toNumber(rows[0]?.value);
    return Number(await LOAD.run(this.redis, [this.key(kind, id), `${this.key(kind, id)}:marks`], [value, ...marks]));
  }

  /**
   * Redis without the marker has lost its data (or is new): the marker says from when balances may
   * be copied again, once every instance's changes from before the loss reached the database.
   */
  private async waitForRebuild(): Promise<void> {
    const markerKey = `${this.prefix}balance:rebuilt-after`;
    await this.redis.set(markerKey, Date.now() + REBUILD_WAIT_MS, 'NX');
    const wait = Number(await this.redis.get(markerKey)) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
