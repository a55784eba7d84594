import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-server';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
});
afterAll(() => redis.disconnect());

describe.each([
  ['memory', () => new MemoryRateLimiter()],
  ['redis', () => new RedisRateLimiter(redis, 'switchboard-test:')],
] as Array<[string, () => RateLimiter]>)('%s rate limiter', (_name, make) => {
  it('admits `limit` hits per key and window, then refuses; other keys are separate', async () => {
    const limiter = make();
    const key = `test-${Math.random()}`;
    const results = [];
    for (let hit = 0; hit < 4; hit += 1) results.push(await limiter.hit(key, 3, 60));
    expect(results).toEqual([true, true, true, false]);
    expect(await limiter.hit(`${key}-other`, 3, 60)).toBe(true);
  });

  it('opens again when the window ends', async () => {
    const limiter = make();
    const key = `window-${Math.random()}`;
    expect(await limiter.hit(key, 1, 1)).toBe(true);
    expect(await limiter.hit(key, 1, 1)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.hit(key, 1, 1)).toBe(true);
  });
});

describe('critical limit over HTTP', () => {
  it('answers 429 once registration, reset, verification and OAuth together pass the limit; password sign-in is not counted', async () => {
    const server = await startTestServer({
      environment: { CRITICAL_RATE_LIMIT: '4', CRITICAL_RATE_LIMIT_DURATION: '60' },
    });
    try {
      const post = (path: string, body: unknown) =>
        server.call(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const statuses = [
        (await post('/api/user/register', { username: '', password: '' })).status,
        (await server.call('/api/reset_password?email=a@example.com')).status,
        (await server.call('/api/oauth/state')).status,
        (await server.call('/api/verification?email=a@example.com')).status,
        (await post('/api/user/register', { username: '', password: '' })).status,
      ];
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const refused = await server.call('/api/oauth/state');
      expect(await refused.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
      const signedIn = await post('/api/user/login', { username: 'root', password: '123456' });
      expect(await signedIn.json()).toMatchObject({ success: true });
    } finally {
      await server.stop();
    }
  });
});

describe('redis rate limiter prefix', () => {
  it('keeps deployments that share one Redis apart', async () => {
    const key = `shared-${Math.random()}`;
    const first = new RedisRateLimiter(redis, 'deployment-a:');
    const second = new RedisRateLimiter(redis, 'deployment-b:');
    expect(await first.hit(key, 1, 60)).toBe(true);
    expect(await first.hit(key, 1, 60)).toBe(false);
    expect(await second.hit(key, 1, 60)).toBe(true);
    expect(await redis.exists(`deployment-a:rate-limit:${key}`)).toBe(1);
  });
});
