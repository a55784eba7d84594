import type { Kysely } from 'kysely';
import { AppError } from '../../platform/errors';
import { toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import { admitOn, type Admission } from './admission';
import { type BalanceBook, type Charge, type Hold, type Refund } from './balance-book';
import type { DeltaWriter } from './delta-writer';
import { messages } from '../../platform/i18n/catalogue';

/**
 * Balances held in process memory: the authority for a single instance. A balance is read from the
 * database once, on first use; from then on every change happens here first and reaches the
 * database as an additive delta.
 */
export class MemoryBalanceBook implements BalanceBook {
  private readonly users = new Map<number, number>();
  private readonly tokens = new Map<number, number>();
  private readonly loading = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly writer: DeltaWriter,
  ) {}

  async userQuota(userId: number): Promise<number> {
    return this.users.get(userId) ?? this.load('user', userId);
  }

  async tokenRemain(tokenId: number): Promise<number> {
    return this.tokens.get(tokenId) ?? this.load('token', tokenId);
  }

  surelyAbove(userId: number, tokenId: number | null, amount: number): boolean {
    return (
      (this.users.get(userId) ?? Number.NEGATIVE_INFINITY) > amount &&
      (tokenId === null || this.tokenSurelyAbove(tokenId, amount))
    );
  }

  tokenSurelyAbove(tokenId: number, amount: number): boolean {
    return (this.tokens.get(tokenId) ?? Number.NEGATIVE_INFINITY) > amount;
  }

  /** A loaded balance changes and is journaled at once, in the caller's turn (a credit's log row is in the same group). */
  async adjustUser(userId: number, delta: number): Promise<number> {
    const value = this.users.has(userId)
      ? addLoaded(this.users, userId, delta)
      : await this.add(this.users, 'user', userId, delta);
    this.writer.userQuota(userId, delta);
    return value;
  }

  async adjustToken(tokenId: number, delta: number): Promise<number> {
    const value = await this.add(this.tokens, 'token', tokenId, delta);
    this.writer.tokenRemain(tokenId, delta);
    return value;
  }

  async setTokenRemain(tokenId: number, value: number): Promise<void> {
    await this.adjustToken(tokenId, value - (await this.tokenRemain(tokenId)));
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(messages.common.quotaNegative);
    await this.adjustUser(userId, value - (await this.userQuota(userId)));
  }

  admit(request: Hold): Promise<Admission> {
    return admitOn(this, request);
  }

  async reserve(request: Hold): Promise<boolean> {
    const userQuota = await this.userQuota(request.userId);
    const tokenRemain = request.tokenId === null ? Number.POSITIVE_INFINITY : await this.tokenRemain(request.tokenId);
    // Both reads may have awaited a load; re-read synchronously so check and debit are one step.
    const user = this.users.get(request.userId) ?? userQuota;
    const token = request.tokenId === null ? tokenRemain : (this.tokens.get(request.tokenId) ?? tokenRemain);
    if (user < request.amount || token < request.amount) return false;
    this.users.set(request.userId, user - request.amount);
    if (request.tokenId !== null) this.tokens.set(request.tokenId, token - request.amount);
    return true;
  }

  async release(request: Hold): Promise<void> {
    await this.shift(request.userId, request.tokenId, request.amount);
  }

  async charge(request: Charge): Promise<void> {
    const shifted = this.shift(request.userId, request.tokenId, request.reserved - request.quota);
    if (shifted) await shifted;
    this.writer.charge(request.userId, request.tokenId, request.quota);
  }

  async refund(request: Refund): Promise<void> {
    const shifted = this.shift(request.userId, request.tokenId, request.quota);
    if (shifted) await shifted;
    this.writer.refund(request.userId, request.tokenId, request.quota);
  }

  /**
   * Changes the held balances only (holds never reach the database). Balances already in memory
   * change at once, without a promise: that is every call in steady state.
   */
  private shift(userId: number, tokenId: number | null, delta: number): Promise<void> | undefined {
    if (delta === 0) return undefined;
    if (this.users.has(userId) && (tokenId === null || this.tokens.has(tokenId))) {
      addLoaded(this.users, userId, delta);
      if (tokenId !== null) addLoaded(this.tokens, tokenId, delta);
      return undefined;
    }
    return (async () => {
      await this.add(this.users, 'user', userId, delta);
      if (tokenId !== null) await this.add(this.tokens, 'token', tokenId, delta);
    })();
  }

  /** Loads if needed, then reads and writes in one synchronous step, so concurrent changes all land. */
  private async add(map: Map<number, number>, kind: 'user' | 'token', id: number, delta: number): Promise<number> {
    if (!map.has(id)) await this.load(kind, id);
    return addLoaded(map, id, delta);
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    this.writer.usage(usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  private load(kind: 'user' | 'token', id: number): Promise<number> {
    const key = `${kind}:${id}`;
    const existing = this.loading.get(key);
    if (existing) return existing;
    const promise = (async () => {
      const value =
        kind === 'user'
          ? (await this.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirst())?.quota
          : (await this.db.selectFrom('tokens').select('remain_quota').where('id', '=', id).executeTakeFirst())
              ?.remain_quota;
      const map = kind === 'user' ? this.users : this.tokens;
      // A concurrent change may have landed while loading; the first loaded value wins.
      const current = map.get(id);
      if (current !== undefined) return current;
      const number = toNumber(value);
      map.set(id, number);
      return number;
    })().finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }
}

/** Reads and writes a loaded balance in one synchronous step, so concurrent changes all land. */
function addLoaded(map: Map<number, number>, id: number, delta: number): number {
  const value = (map.get(id) ?? 0) + delta;
  map.set(id, value);
  return value;
}
