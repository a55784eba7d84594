import type { Redis } from 'ioredis';
import { RedisScript } from './redis-script';

/**
 * Counters for limits: amounts added within a window (which starts at the first add and lasts
 * `windowSeconds`), and slots held by calls in flight. In memory for one instance, in Redis for several.
 */
export interface WindowCounter {
  /** Adds `amount` to the key's current window and answers the window's new total (a negative amount opens no window). */
  add(key: string, amount: number, windowSeconds: number): Promise<number>;
  /** The key's total in its current window (0 when no window is open). */
  read(key: string): Promise<number>;
  /**
   * Takes one of `limit` slots of the key for `holder`; false when all are taken. A slot not released
   * within `maxHoldSeconds` (its holder died) is freed.
   */
  acquire(key: string, holder: string, limit: number, maxHoldSeconds: number): Promise<boolean>;
  release(key: string, holder: string): Promise<void>;
}

const MAX_MEMORY_KEYS = 100_000;

export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { total: number; endsAt: number }>();
  private readonly slots = new Map<string, Map<string, number>>();

  add(key: string, amount: number, windowSeconds: number): Promise<number> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // Giving back what a closed window held opens no window: the new one starts from what is billed in it.
      if (amount < 0) return Promise.resolve(0);
      if (this.windows.size >= MAX_MEMORY_KEYS) this.sweep(now);
      window = { total: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.total += amount;
    return Promise.resolve(window.total);
  }

  read(key: string): Promise<number> {
    const window = this.windows.get(key);
    return Promise.resolve(window && window.endsAt > Date.now() ? window.total : 0);
  }

  acquire(key: string, holder: string, limit: number, maxHoldSeconds: number): Promise<boolean> {
    const now = Date.now();
    let held = this.slots.get(key);
    if (!held) {
      held = new Map();
      this.slots.set(key, held);
    }
    for (const [other, expiresAt] of held) if (expiresAt <= now) held.delete(other);
    if (held.size >= limit) return Promise.resolve(false);
    held.set(holder, now + maxHoldSeconds * 1000);
    return Promise.resolve(true);
  }

  release(key: string, holder: string): Promise<void> {
    this.slots.get(key)?.delete(holder);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full of live windows: forget the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_MEMORY_KEYS) break;
      this.windows.delete(key);
    }
  }
}

const ADD = new RedisScript(`if tonumber(ARGV[1]) < 0 and redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return total`);

const ACQUIRE = new RedisScript(`redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`);

export class RedisWindowCounter implements WindowCounter {
  constructor(
    private readonly redis: Redis,
    /** REDIS_PREFIX, so deployments sharing one Redis keep separate counters */
    private readonly prefix: string,
  ) {}

  async add(key: string, amount: number, windowSeconds: number): Promise<number> {
    return Number(await ADD.run(this.redis, [`${this.prefix}${key}`], [amount, windowSeconds]));
  }

  async read(key: string): Promise<number> {
    return Number((await this.redis.get(`${this.prefix}${key}`)) ?? 0);
  }

  async acquire(key: string, holder: string, limit: number, maxHoldSeconds: number): Promise<boolean> {
    const now = Date.now();
    const holdMs = maxHoldSeconds * 1000;
    const taken = await ACQUIRE.run(this.redis, [`${this.prefix}${key}`], [now - holdMs, limit, now, holder, holdMs]);
    return Number(taken) === 1;
  }

  async release(key: string, holder: string): Promise<void> {
    await this.redis.zrem(`${this.prefix}${key}`, holder);
  }
}

export const createWindowCounter = (redis: Redis | null, prefix: string): WindowCounter =>
  redis ? new RedisWindowCounter(redis, prefix) : new MemoryWindowCounter();
