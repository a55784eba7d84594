import { describe, expect, it } from 'vitest';
import { ExpiringTokenCache } from './expiring-token-cache';

describe('tokens exchanged once per lifetime', () => {
  it('shares one exchange among concurrent requests and reuses the token until it expires', async () => {
    let now = 1_000;
    let exchanges = 0;
    const cache = new ExpiringTokenCache(() => now);
    const exchange = () => {
      exchanges += 1;
      return Promise.resolve({ token: `token-${exchanges}`, expiresAt: now + 500 });
    };
    expect(
      await Promise.all([cache.get('key', exchange), cache.get('key', exchange), cache.get('key', exchange)]),
    ).toEqual(['token-1', 'token-1', 'token-1']);
    now += 499;
    expect(await cache.get('key', exchange)).toBe('token-1');
    now += 1;
    expect(await cache.get('key', exchange)).toBe('token-2');
    expect(await cache.get('other key', exchange)).toBe('token-3');
  });

  it('exchanges again after a refused token is forgotten, and after a failed exchange', async () => {
    const cache = new ExpiringTokenCache(() => 0);
    let exchanges = 0;
    const failing = () => Promise.reject(new Error('refused'));
    await expect(cache.get('key', failing)).rejects.toThrow('refused');
    const exchange = () => Promise.resolve({ token: `token-${++exchanges}`, expiresAt: 1_000 });
    expect(await cache.get('key', exchange)).toBe('token-1');
    cache.forget('key');
    expect(await cache.get('key', exchange)).toBe('token-2');
  });
});
