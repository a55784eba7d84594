import type { Redis } from 'ioredis';
import { MemoryWindowCounter, RedisWindowCounter, type WindowCounter } from './window-counter';

/** Counts hits per key in fixed windows; `hit` answers whether this one is still within the limit. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
}

/** A limiter over any counter (the server's shared one: memory, Redis or the cluster primary's). */
export class WindowRateLimiter implements RateLimiter {
  constructor(private readonly counter: WindowCounter) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    return (await this.counter.add(`rate-limit:${key}`, 1, windowSeconds)) <= limit;
  }
}

/** One instance: counters in memory, bounded, expired windows swept as keys come and go. */
export class MemoryRateLimiter extends WindowRateLimiter {
  constructor() {
    super(new MemoryWindowCounter());
  }
}

/** Several instances: one counter per key and window in Redis. */
export class RedisRateLimiter extends WindowRateLimiter {
  constructor(redis: Redis, prefix: string) {
    super(new RedisWindowCounter(redis, prefix));
  }
}
