import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrivateRedis } from '../testing/private-redis';
import { MemoryAffinityStore, RedisAffinityStore, type AffinityStore } from './affinity-store';

const NS = 'new-api:channel_affinity:v1:';

/** What both stores must do alike: values, deletes, counts per prefix, clearing by prefix. */
async function behavesAsAStore(store: AffinityStore): Promise<void> {
  await store.set('channel', `${NS}rule a:default:s1`, '7', 60, 100);
  await store.set('channel', `${NS}rule a:default:s2`, '8', 60, 100);
  await store.set('channel', `${NS}rule b:default:s1`, '9', 60, 100);
  await store.set('channel', `${NS}plain-value`, '9', 60, 100);
  await store.set('usage', `${NS}rule a:default:s1`, '{}', 60, 100);
  expect(await store.get('channel', `${NS}rule a:default:s2`)).toBe('8');
  expect(await store.count('channel', NS, [`${NS}rule a:`, `${NS}rule b:`])).toEqual({ total: 4, counts: [2, 1] });
  expect(await store.clear('channel', `${NS}rule a:`)).toBe(2);
  expect(await store.get('channel', `${NS}rule a:default:s1`)).toBeNull();
  expect(await store.get('usage', `${NS}rule a:default:s1`)).toBe('{}');
  await store.delete('channel', `${NS}plain-value`);
  expect(await store.count('channel', NS, [])).toEqual({ total: 1, counts: [] });
  expect(await store.clear('channel', NS)).toBe(1);
}

describe('the memory affinity store', () => {
  it('keeps values per space, counts and clears by prefix', async () => {
    await behavesAsAStore(new MemoryAffinityStore());
  });

  it('holds at most its capacity, forgetting the least recently used first, and lets entries expire', async () => {
    vi.useFakeTimers();
    try {
      const store = new MemoryAffinityStore();
      await store.set('channel', 'a', '1', 60, 2);
      await store.set('channel', 'b', '2', 60, 2);
      await store.get('channel', 'a');
      await store.set('channel', 'c', '3', 60, 2);
      expect(await store.get('channel', 'b')).toBeNull();
      expect(await store.get('channel', 'a')).toBe('1');
      expect(await store.get('channel', 'c')).toBe('3');
      vi.advanceTimersByTime(61_000);
      expect(await store.get('channel', 'a')).toBeNull();
      expect((await store.count('channel', '', [])).total).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the Redis affinity store', () => {
  const server = new PrivateRedis();
  let redis: Redis;

  beforeAll(async () => {
    await server.start();
    redis = new Redis(server.url);
  });

  afterAll(async () => {
    redis?.disconnect();
    await server.kill();
  });

  it('keeps values per space under its prefix with their TTL, counts and clears by prefix', async () => {
    const store = new RedisAffinityStore(redis, 'deployment-a:');
    await redis.set('deployment-b:affinity:channel:new-api:channel_affinity:v1:rule a:x', '1');
    await behavesAsAStore(store);
    await store.set('channel', 'ttl-key', '5', 30, 100);
    expect(await redis.ttl('deployment-a:affinity:channel:ttl-key')).toBeGreaterThan(25);
    expect(await redis.get('deployment-b:affinity:channel:new-api:channel_affinity:v1:rule a:x')).toBe('1');
  });
});
