import type { Redis } from 'ioredis';

/** The two spaces of channel affinity (issue 37): key → channel id, and key → usage counters (JSON). */
export type AffinitySpace = 'channel' | 'usage';

/**
 * Short-lived text values with a time to live, for channel affinity: an LRU in memory for one process,
 * Redis for several instances, or the cluster primary's memory for its workers. Keys are full keys
 * (their namespace included); every space keeps at most `capacity` entries in memory.
 */
export interface AffinityStore {
  get(space: AffinitySpace, key: string): Promise<string | null>;
  set(space: AffinitySpace, key: string, value: string, ttlSeconds: number, capacity: number): Promise<void>;
  delete(space: AffinitySpace, key: string): Promise<void>;
  /** How many live entries start with `prefix`, and with each of `prefixes` (each ending in ":"; the same order). */
  count(space: AffinitySpace, prefix: string, prefixes: string[]): Promise<{ total: number; counts: number[] }>;
  /** Deletes every entry starting with `prefix`; answers how many. */
  clear(space: AffinitySpace, prefix: string): Promise<number>;
  /** 'memory-lru' or 'redis' (the cache statistics name it). */
  readonly algorithm: string;
}

interface Entry {
  value: string;
  expiresAt: number;
}

const EVICTIONS_PER_SET = 1_000;

/** One space in memory: a Map in least-recently-used order (a read moves an entry to the end). */
class Lru {
  private readonly entries = new Map<string, Entry>();

  get(key: string, now: number): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return null;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: string, ttlSeconds: number, capacity: number, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + ttlSeconds * 1000 });
    // At most EVICTIONS_PER_SET at once: a capacity lowered a lot shrinks the map over the next calls.
    let evictions = Math.min(this.entries.size - Math.max(1, capacity), EVICTIONS_PER_SET);
    for (const oldest of this.entries.keys()) {
      if (evictions <= 0) break;
      this.entries.delete(oldest);
      evictions -= 1;
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Every key, live or not (a snapshot: the map may change while the caller works through it). */
  allKeys(): string[] {
    return [...this.entries.keys()];
  }

  /** Whether the key holds a live entry; an expired one is dropped. */
  live(key: string, now: number): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.expiresAt > now) return true;
    this.entries.delete(key);
    return false;
  }
}

/** Entries looked at before count and clear give the event loop back (they must not hold it 50 ms). */
const SLICE = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Calls `visit` on every live key starting with `prefix`, a slice at a time. */
async function eachLiveKey(lru: Lru, prefix: string, visit: (key: string) => void): Promise<void> {
  const keys = lru.allKeys();
  for (let start = 0; start < keys.length; start += SLICE) {
    if (start > 0) await nextTurn();
    const now = Date.now();
    for (const key of keys.slice(start, start + SLICE)) if (key.startsWith(prefix) && lru.live(key, now)) visit(key);
  }
}

export class MemoryAffinityStore implements AffinityStore {
  readonly algorithm = 'memory-lru';
  private readonly spaces = { channel: new Lru(), usage: new Lru() };

  get(space: AffinitySpace, key: string): Promise<string | null> {
    return Promise.resolve(this.spaces[space].get(key, Date.now()));
  }

  set(space: AffinitySpace, key: string, value: string, ttlSeconds: number, capacity: number): Promise<void> {
    this.spaces[space].set(key, value, ttlSeconds, capacity, Date.now());
    return Promise.resolve();
  }

  delete(space: AffinitySpace, key: string): Promise<void> {
    this.spaces[space].delete(key);
    return Promise.resolve();
  }

  async count(space: AffinitySpace, prefix: string, prefixes: string[]): Promise<{ total: number; counts: number[] }> {
    const counts = prefixes.map(() => 0);
    // A key counts for the first of `prefixes` (each ending in ":") it starts with: one map look-up per ":" in the key.
    const indexes = new Map(prefixes.map((each, index) => [each, index]));
    let total = 0;
    await eachLiveKey(this.spaces[space], prefix, (key) => {
      total += 1;
      for (let at = key.indexOf(':', prefix.length); at >= 0; at = key.indexOf(':', at + 1)) {
        const index = indexes.get(key.slice(0, at + 1));
        if (index !== undefined) {
          counts[index]! += 1;
          break;
        }
      }
    });
    return { total, counts };
  }

  async clear(space: AffinitySpace, prefix: string): Promise<number> {
    const lru = this.spaces[space];
    let deleted = 0;
    await eachLiveKey(lru, prefix, (key) => {
      lru.delete(key);
      deleted += 1;
    });
    return deleted;
  }
}

/** Keys scanned per SCAN step of count and clear (admin calls only). */
const SCAN_BATCH = 500;

/** Redis for several instances: SET with EX; Redis evicts by its own policy, so `capacity` is not applied. */
export class RedisAffinityStore implements AffinityStore {
  readonly algorithm = 'redis';

  constructor(
    private readonly redis: Redis,
    /** REDIS_PREFIX, so deployments sharing one Redis keep separate entries */
    private readonly prefix: string,
  ) {}

  private full(space: AffinitySpace, key: string): string {
    return `${this.prefix}affinity:${space}:${key}`;
  }

  get(space: AffinitySpace, key: string): Promise<string | null> {
    return this.redis.get(this.full(space, key));
  }

  async set(space: AffinitySpace, key: string, value: string, ttlSeconds: number, _capacity?: number): Promise<void> {
    await this.redis.set(this.full(space, key), value, 'EX', Math.max(1, Math.floor(ttlSeconds)));
  }

  async delete(space: AffinitySpace, key: string): Promise<void> {
    await this.redis.del(this.full(space, key));
  }

  private async *scan(space: AffinitySpace, prefix: string): AsyncGenerator<string[]> {
    const pattern = `${this.full(space, prefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }

  async count(space: AffinitySpace, prefix: string, prefixes: string[]): Promise<{ total: number; counts: number[] }> {
    const counts = prefixes.map(() => 0);
    const fullPrefixes = prefixes.map((each) => this.full(space, each));
    let total = 0;
    for await (const keys of this.scan(space, prefix)) {
      total += keys.length;
      for (const key of keys) {
        fullPrefixes.forEach((each, index) => {
          if (key.startsWith(each)) counts[index]! += 1;
        });
      }
    }
    return { total, counts };
  }

  async clear(space: AffinitySpace, prefix: string): Promise<number> {
    let deleted = 0;
    for await (const keys of this.scan(space, prefix)) deleted += await this.redis.del(...keys);
    return deleted;
  }
}

export const createAffinityStore = (redis: Redis | null, prefix: string): AffinityStore =>
  redis ? new RedisAffinityStore(redis, prefix) : new MemoryAffinityStore();
