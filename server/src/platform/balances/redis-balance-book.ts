import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import { AppError } from '../errors';
import { negativeQuota, type BalanceBook } from './balance-book';
import type { DeltaWriter } from './delta-writer';

/** Adds to a balance that is already loaded; answers nil when it is not (the caller loads it). */
const ADJUST = `
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
return redis.call('INCRBY', KEYS[1], ARGV[1])`;

/** All-or-nothing debit of user and (optionally) token: 1 done, 0 short, -1 / -2 user / token not loaded. */
const RESERVE = `
local amount = tonumber(ARGV[1])
local user = redis.call('GET', KEYS[1])
if not user then return -1 end
local token = nil
if KEYS[2] ~= '' then
  token = redis.call('GET', KEYS[2])
  if not token then return -2 end
  if tonumber(token) < amount then return 0 end
end
if tonumber(user) < amount then return 0 end
redis.call('DECRBY', KEYS[1], amount)
if KEYS[2] ~= '' then redis.call('DECRBY', KEYS[2], amount) end
return 1`;

type Kind = 'user' | 'token';

/**
 * Balances held in Redis: the authority shared by every instance. A balance is copied from the
 * database the first time any instance needs it (SET NX, so the first copy wins); every change is
 * an atomic Redis operation, and each instance sends its own changes to the database as additive
 * deltas. If Redis loses its data the balances are copied again from the database, which may lag
 * by the last unflushed second.
 */
export class RedisBalanceBook implements BalanceBook {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly db: Kysely<Tables>,
    private readonly writer: DeltaWriter,
  ) {}

  userQuota(userId: number): Promise<number> {
    return this.read('user', userId);
  }

  tokenRemain(tokenId: number): Promise<number> {
    return this.read('token', tokenId);
  }

  async adjustUser(userId: number, delta: number): Promise<number> {
    const value = await this.adjust('user', userId, delta);
    this.writer.userQuota(userId, delta);
    return value;
  }

  async adjustToken(tokenId: number, delta: number): Promise<number> {
    const value = await this.adjust('token', tokenId, delta);
    this.writer.tokenRemain(tokenId, delta);
    return value;
  }

  async setTokenRemain(tokenId: number, value: number): Promise<void> {
    await this.adjustToken(tokenId, value - (await this.tokenRemain(tokenId)));
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(negativeQuota);
    await this.adjustUser(userId, value - (await this.userQuota(userId)));
  }

  async reserve(request: { userId: number; tokenId: number | null; amount: number }): Promise<boolean> {
    const keys = [this.key('user', request.userId), request.tokenId === null ? '' : this.key('token', request.tokenId)];
    for (let round = 0; round < 3; round += 1) {
      const result = Number(await this.redis.eval(RESERVE, 2, ...keys, request.amount));
      if (result === 1) {
        this.writer.userQuota(request.userId, -request.amount);
        if (request.tokenId !== null) this.writer.tokenRemain(request.tokenId, -request.amount);
        return true;
      }
      if (result === 0) return false;
      if (result === -1) await this.load('user', request.userId);
      else if (request.tokenId !== null) await this.load('token', request.tokenId);
    }
    throw new Error('balance could not be loaded into Redis');
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    this.writer.usage(usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  private key(kind: Kind, id: number): string {
    return `${this.prefix}balance:${kind}:${id}`;
  }

  private async read(kind: Kind, id: number): Promise<number> {
    const value = await this.redis.get(this.key(kind, id));
    return value === null ? this.load(kind, id) : Number(value);
  }

  private async adjust(kind: Kind, id: number, delta: number): Promise<number> {
    for (let round = 0; round < 3; round += 1) {
      const result = await this.redis.eval(ADJUST, 1, this.key(kind, id), delta);
      if (result !== null) return Number(result);
      await this.load(kind, id);
    }
    throw new Error('balance could not be loaded into Redis');
  }

  private async load(kind: Kind, id: number): Promise<number> {
    const stored =
      kind === 'user'
        ? (await this.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirst())?.quota
        : (await this.db.selectFrom('tokens').select('remain_quota').where('id', '=', id).executeTakeFirst())?.remain_quota;
    await this.redis.set(this.key(kind, id), toNumber(stored), 'NX');
    return Number(await this.redis.get(this.key(kind, id)));
  }
}
