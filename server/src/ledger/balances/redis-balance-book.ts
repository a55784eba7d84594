import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import { balanceChange, type JournalRecord } from '../journal-record';
import { AppError } from '../../platform/errors';
import { admitOn, type Admission } from './admission';
import { negativeQuota, type BalanceBook, type Charge, type Hold, type Refund } from './balance-book';
import type { DeltaWriter } from './delta-writer';
import { LOAD, RELEASE_LEFTOVERS, RESERVE, SETTLE } from './redis-scripts';

/** After Redis lost its data, how long balances wait before they are copied again from the database. */
const REBUILD_WAIT_MS = 3000;

type Kind = 'user' | 'token';

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
 */
export class RedisBalanceBook implements BalanceBook {
  private readonly holdsKey: string;
  private readonly appliedKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly db: Kysely<Tables>,
    private readonly writer: DeltaWriter,
    private readonly instance: RedisBookInstance,
  ) {
    this.holdsKey = `${prefix}holds:${instance.id}`;
    this.appliedKey = `${prefix}applied:${instance.id}`;
  }

  /**
   * At start, before the journal replay writes the database: gives back the holds the killed run
   * left and applies its journaled balance changes that Redis has not seen.
   */
  async recover(records: JournalRecord[]): Promise<void> {
    await this.redis.eval(RELEASE_LEFTOVERS, 1, this.holdsKey, `${this.prefix}balance:`);
    for (const record of records) {
      const change = balanceChange(record);
      if (!change) continue;
      if (change.userId !== null) await this.apply('user', change.userId, 0, -change.delta, record.seq, userPart(record.seq));
      if (change.tokenId !== null) await this.apply('token', change.tokenId, 0, -change.delta, record.seq, record.kind === 'token' ? userPart(record.seq) : tokenPart(record.seq));
    }
  }

  /** Redis is read on every call: instances share it, and no copy here would be current. */
  surelyAbove(): boolean {
    return false;
  }

  tokenSurelyAbove(): boolean {
    return false;
  }

  userQuota(userId: number): Promise<number> {
    return this.read('user', userId);
  }

  tokenRemain(tokenId: number): Promise<number> {
    return this.read('token', tokenId);
  }

  async adjustUser(userId: number, delta: number): Promise<number> {
    const seq = this.writer.userQuota(userId, delta);
    await this.instance.durable();
    return this.settleOne('user', userId, 0, -delta, seq, userPart(seq));
  }

  async adjustToken(tokenId: number, delta: number): Promise<number> {
    const seq = this.writer.tokenRemain(tokenId, delta);
    await this.instance.durable();
    return this.settleOne('token', tokenId, 0, -delta, seq, userPart(seq));
  }

  async setTokenRemain(tokenId: number, value: number): Promise<void> {
    await this.adjustToken(tokenId, value - (await this.tokenRemain(tokenId)));
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(negativeQuota);
    await this.adjustUser(userId, value - (await this.userQuota(userId)));
  }

  admit(request: Hold): Promise<Admission> {
    return admitOn(this, request);
  }

  async reserve(request: Hold): Promise<boolean> {
    const keys = [this.key('user', request.userId), request.tokenId === null ? '' : this.key('token', request.tokenId), this.holdsKey];
    const fields = [`user:${request.userId}`, `token:${request.tokenId ?? 0}`];
    for (let round = 0; round < 3; round += 1) {
      const result = Number(await this.redis.eval(RESERVE, 3, ...keys, request.amount, ...fields));
      if (result === 1) return true;
      if (result === 0) return false;
      if (result === -1) await this.load('user', request.userId);
      else if (request.tokenId !== null) await this.load('token', request.tokenId);
    }
    throw new Error('balance could not be loaded into Redis');
  }

  /** Gives the hold back in Redis; nothing to journal, nothing for the database. */
  async release(request: Hold): Promise<void> {
    await this.settleOne('user', request.userId, request.amount, 0, 0, '');
    if (request.tokenId !== null) await this.settleOne('token', request.tokenId, request.amount, 0, 0, '');
  }

  /**
   * Journals the charge, waits until the journal holds it (with whatever the same turn journaled
   * before it: the call's usage and log row), then applies it in Redis.
   */
  async charge(request: Charge): Promise<void> {
    const seq = this.writer.charge(request.userId, request.tokenId, request.quota);
    if (request.reserved === 0 && request.quota === 0) return;
    await this.instance.durable();
    await this.settleOne('user', request.userId, request.reserved, request.quota, seq, userPart(seq));
    if (request.tokenId !== null) await this.settleOne('token', request.tokenId, request.reserved, request.quota, seq, tokenPart(seq));
  }

  /** Like a charge: journaled, durable, then applied in Redis. */
  async refund(request: Refund): Promise<void> {
    const seq = this.writer.refund(request.userId, request.tokenId, request.quota);
    if (request.quota === 0) return;
    await this.instance.durable();
    await this.settleOne('user', request.userId, 0, -request.quota, seq, userPart(seq));
    if (request.tokenId !== null) await this.settleOne('token', request.tokenId, 0, -request.quota, seq, tokenPart(seq));
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    this.writer.usage(usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  /** Writes pending deltas, then forgets the applied changes the database now holds. */
  async flush(): Promise<void> {
    await this.writer.flush();
    // Best effort: a change the database holds is never applied again anyway (the balance's marks).
    if (this.writer.writtenThrough > 0) await this.redis.zremrangebyscore(this.appliedKey, '-inf', this.writer.writtenThrough).catch(() => 0);
  }

  private key(kind: Kind, id: number): string {
    return `${this.prefix}balance:${kind}:${id}`;
  }

  private async read(kind: Kind, id: number): Promise<number> {
    const value = await this.redis.get(this.key(kind, id));
    return value === null ? this.load(kind, id) : Number(value);
  }

  /** Applies a change (loading the balance first when Redis lacks it); returns the new balance. */
  private async settleOne(kind: Kind, id: number, reserved: number, amount: number, seq: number, part: string): Promise<number> {
    for (let round = 0; round < 3; round += 1) {
      const result = await this.apply(kind, id, reserved, amount, seq, part);
      if (result !== null) return result;
      await this.load(kind, id);
    }
    throw new Error('balance could not be loaded into Redis');
  }

  /** One SETTLE; null when the balance is not loaded. */
  private async apply(kind: Kind, id: number, reserved: number, amount: number, seq: number, part: string): Promise<number | null> {
    const keys = [this.key(kind, id), this.holdsKey, `${this.key(kind, id)}:marks`, this.appliedKey];
    const result = await this.redis.eval(SETTLE, 4, ...keys, reserved, amount, `${kind}:${id}`, this.instance.id, seq, part);
    return result === null ? null : Number(result);
  }

  /** Copies a balance from the database with every instance's journal mark, read in one statement. */
  private async load(kind: Kind, id: number): Promise<number> {
    await this.waitForRebuild();
    const rows = await this.db
      .selectFrom(kind === 'user' ? 'users' : 'tokens')
      .leftJoin('journal_marks', (join) => join.on('journal_marks.stream', '=', 'deltas'))
      .select([kind === 'user' ? 'quota as value' : 'remain_quota as value', 'journal_marks.instance_id', 'journal_marks.seq'])
      .where('id', '=', id)
      .execute();
    const marks = rows.flatMap((row) => (row.instance_id ? [row.instance_id, toNumber(row.seq)] : []));
    const value = toNumber(rows[0]?.value);
    return Number(await this.redis.eval(LOAD, 2, this.key(kind, id), `${this.key(kind, id)}:marks`, value, ...marks));
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
