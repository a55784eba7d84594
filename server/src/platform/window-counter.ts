import type { Redis } from 'ioredis';
import { RedisScript } from './redis-script';
import { TurnBatch } from './turn-batch';

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

/** One operation on a counter: add to a window, read it, take or give back a slot. */
type CounterOperation =
  | { key: string; op: 'add'; amount: number; windowSeconds: number }
  | { key: string; op: 'read' }
  | { key: string; op: 'acquire'; expiredBefore: number; limit: number; now: number; holder: string; holdMs: number }
  | { key: string; op: 'release'; holder: string };

/**
 * The operations of one turn on any counters, in order, in one call: answers a number per operation
 * (a window's total, 1 / 0 for a slot taken or not, 0 for a release).
 * KEYS: a counter per operation; ARGV: per operation its code, then its arguments
 * (a: amount, window seconds; g; q: expired before, limit, now, holder, hold ms; r: holder).
 */
const OPERATIONS = new RedisScript(`local results = {}
local arg = 1
for index, key in ipairs(KEYS) do
  local op = ARGV[arg]
  if op == 'a' then
    local amount = tonumber(ARGV[arg + 1])
    if amount < 0 and redis.call('EXISTS', key) == 0 then
      results[index] = 0
    else
      results[index] = redis.call('INCRBY', key, amount)
      if redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[arg + 2]) end
    end
    arg = arg + 3
  elseif op == 'g' then
    results[index] = tonumber(redis.call('GET', key) or '0')
    arg = arg + 1
  elseif op == 'q' then
    redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[arg + 1])
    if redis.call('ZCARD', key) >= tonumber(ARGV[arg + 2]) then
      results[index] = 0
    else
      redis.call('ZADD', key, ARGV[arg + 3], ARGV[arg + 4])
      redis.call('PEXPIRE', key, ARGV[arg + 5])
      results[index] = 1
    end
    arg = arg + 6
  else
    redis.call('ZREM', key, ARGV[arg + 1])
    results[index] = 0
    arg = arg + 2
  end
end
return results`);

const argumentsOf = (operation: CounterOperation): (string | number)[] => {
  switch (operation.op) {
    case 'add':
      return ['a', operation.amount, operation.windowSeconds];
    case 'read':
      return ['g'];
    case 'acquire':
      return ['q', operation.expiredBefore, operation.limit, operation.now, operation.holder, operation.holdMs];
    case 'release':
      return ['r', operation.holder];
  }
};

/** Operations sent in one script call at most: a script holds Redis while it runs. */
const MAX_OPERATIONS = 256;

/**
 * Counters in Redis, shared by instances. The operations asked for within one pass of the event loop
 * (the limits of the calls that arrived together, their settlements) go to Redis in one script call.
 */
export class RedisWindowCounter implements WindowCounter {
  private readonly batch: TurnBatch<CounterOperation, number>;

  constructor(
    redis: Redis,
    /** REDIS_PREFIX, so deployments sharing one Redis keep separate counters */
    private readonly prefix: string,
  ) {
    this.batch = new TurnBatch(async (operations) => {
      const answer = (await OPERATIONS.run(
        redis,
        operations.map((operation) => operation.key),
        operations.flatMap(argumentsOf),
      )) as number[];
      return answer.map(Number);
    }, MAX_OPERATIONS);
  }

  add(key: string, amount: number, windowSeconds: number): Promise<number> {
    return this.batch.add({ key: `${this.prefix}${key}`, op: 'add', amount, windowSeconds });
  }

  read(key: string): Promise<number> {
    return this.batch.add({ key: `${this.prefix}${key}`, op: 'read' });
  }

  async acquire(key: string, holder: string, limit: number, maxHoldSeconds: number): Promise<boolean> {
    const now = Date.now();
    const holdMs = maxHoldSeconds * 1000;
    return (
      (await this.batch.add({
        key: `${this.prefix}${key}`,
        op: 'acquire',
        expiredBefore: now - holdMs,
        limit,
        now,
        holder,
        holdMs,
      })) === 1
    );
  }

  async release(key: string, holder: string): Promise<void> {
    await this.batch.add({ key: `${this.prefix}${key}`, op: 'release', holder });
  }
}

export const createWindowCounter = (redis: Redis | null, prefix: string): WindowCounter =>
  redis ? new RedisWindowCounter(redis, prefix) : new MemoryWindowCounter();
