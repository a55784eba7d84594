import type { Redis } from 'ioredis';

/** Keys read in one MGET at most. */
const MAX_KEYS = 512;

/**
 * Reads of balances asked for within one pass of the event loop (the admissions of the calls that
 * arrived together), sent as one MGET once the pass's I/O is handled. A read is sent after it was
 * asked for, never answered from an earlier one: it sees every change made before it was asked.
 */
export class RedisReadBatch {
  private waiting = new Map<string, { resolve: (value: string | null) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;

  constructor(private readonly redis: Redis) {}

  get(key: string): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const readers = this.waiting.get(key);
      if (readers) readers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (this.waiting.size >= MAX_KEYS) this.send();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.send());
      }
    });
  }

  private send(): void {
    this.scheduled = false;
    const batch = this.waiting;
    if (batch.size === 0) return;
    this.waiting = new Map();
    const keys = [...batch.keys()];
    this.redis.mget(keys).then(
      (values) => keys.forEach((key, index) => batch.get(key)?.forEach((reader) => reader.resolve(values[index] ?? null))),
      (error: unknown) => batch.forEach((readers) => readers.forEach((reader) => reader.reject(error))),
    );
  }
}
