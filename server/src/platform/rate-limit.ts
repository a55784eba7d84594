import type { Redis } from 'ioredis';

/** Counts hits per key in fixed windows; `hit` answers whether this one is still within the limit. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
}

const MAX_MEMORY_KEYS = 100_000;

/** One instance: counters in memory, bounded, expired windows swept as keys come and go. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= MAX_MEMORY_KEYS) this.sweep(now);
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve(window.count <= limit);
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

const INCREMENT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Several instances: one counter per key and window in Redis. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    /** REDIS_PREFIX, so deployments sharing one Redis keep separate counters */
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const count = Number(await this.redis.eval(INCREMENT, 1, `${this.prefix}rate-limit:${key}`, windowSeconds));
    return count <= limit;
  }
}

export const createRateLimiter = (redis: Redis | null, prefix: string): RateLimiter =>
  redis ? new RedisRateLimiter(redis, prefix) : new MemoryRateLimiter();
