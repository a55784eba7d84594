import type { Redis } from 'ioredis';
import { TurnBatch } from '../../platform/turn-batch';

/** Keys read in one MGET at most. */
const MAX_KEYS = 512;

/**
 * Reads of balances asked for within one pass of the event loop (the admissions of the calls that
 * arrived together), sent as one MGET once the pass's I/O is handled. A read is sent after it was
 * asked for, never answered from an earlier one: it sees every change made before it was asked.
 */
export class RedisReadBatch {
  private readonly batch: TurnBatch<string, string | null>;

  constructor(redis: Redis) {
    this.batch = new TurnBatch((keys) => redis.mget(keys), MAX_KEYS);
  }

  get(key: string): Promise<string | null> {
    return this.batch.add(key);
  }
}
