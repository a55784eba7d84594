import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_EXPIRY_MS } from './balances/redis-lease-scripts';
import { balancesInRedis, ChatLoad, expectExactBilling, readLedger, setUpBilling } from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { PrivateRedis } from '../testing/private-redis';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/test-databases';

const CLIENTS = 12;

/**
 * Two instances on PostgreSQL and a Redis of the test's own: one instance is SIGKILLed under load,
 * or Redis is; after restarts every answered call is billed and logged once, and the balance Redis
 * serves matches the database's (never reset to a stale value, no hold left behind).
 */
describe('crash safety with two instances on PostgreSQL and Redis', () => {
  const upstream = new FakeOpenAIUpstream();
  const redis = new PrivateRedis();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-cluster-'));
  let database: TestDatabase;
  const running = new Set<ServerProcess>();

  const environment = (name: string) => ({
    SQL_DSN: database.dsn ?? '',
    SESSION_SECRET: 'cluster-crash-test-secret-0123456789',
    REDIS_CONN_STRING: redis.url,
    JOURNAL_DIR: join(folder, name),
  });
  const start = async (name: string) => {
    const server = await startServerProcess(environment(name));
    running.add(server);
    return server;
  };
  beforeAll(async () => {
    await upstream.start();
    await redis.start();
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const server of running) await server.kill();
    await redis.kill();
    await upstream.stop();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('one instance killed -9 under load, then restarted: answered = billed = logged', async () => {
    const first = await start('first');
    const second = await start('second');
    const setup = await setUpBilling(first, upstream.url);
    const before = await readLedger(database.settings, setup);
    let targets = [first.url, second.url];
    const load = new ChatLoad(() => targets, setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(600);
    await first.kill();
    running.delete(first);
    targets = [second.url];
    const answeredAtKill = load.answered;
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(answeredAtKill + 150);
    await load.stop();
    const restarted = await start('first');
    for (const server of [restarted, second]) {
      expect(await server.stop()).toBe(0);
      running.delete(server);
    }
    const ledger = await readLedger(database.settings, setup);
    console.info(`cluster, instance killed: answered ${load.answered}, logged ${ledger.logRows}`);
    expectExactBilling(ledger, before, load.answered, CLIENTS);
    expect(await balancesInRedis(redis.url, setup)).toEqual({ user: ledger.userQuota, token: ledger.tokenRemain });
  }, 60_000);

  it('an instance holding a lease killed -9: its lease ends by itself, and its charges are applied once at its restart', async () => {
    const first = await start('fifth');
    const second = await start('sixth');
    const setup = await setUpBilling(first, upstream.url);
    const before = await readLedger(database.settings, setup);
    const client = new Redis(redis.url);
    try {
      let targets = [first.url];
      const load = new ChatLoad(() => targets, setup.apiKey, CLIENTS);
      await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(300);
      // Only the first instance has had calls: the lease of the user and token is its.
      const [leaseKey] = await client.keys(`switchboard:lease:*:${setup.userId}:${setup.tokenId}`);
      expect(leaseKey).toBeDefined();
      const leaseOfFirst = async () => (await client.exists(leaseKey ?? '')) === 1;
      await first.kill();
      running.delete(first);
      targets = [second.url];
      // Nobody renews the dead instance's lease: it ends, and what it kept from others is free again.
      await expect.poll(leaseOfFirst, { timeout: LEASE_EXPIRY_MS * 3, interval: 100 }).toBe(false);
      const answeredAfterExpiry = load.answered;
      await expect
        .poll(() => load.answered, { timeout: 20_000, interval: 50 })
        .toBeGreaterThan(answeredAfterExpiry + 150);
      await load.stop();
      const restarted = await start('fifth');
      for (const server of [restarted, second]) {
        expect(await server.stop()).toBe(0);
        running.delete(server);
      }
      const ledger = await readLedger(database.settings, setup);
      expectExactBilling(ledger, before, load.answered, CLIENTS);
      expect(await balancesInRedis(redis.url, setup)).toEqual({ user: ledger.userQuota, token: ledger.tokenRemain });
    } finally {
      client.disconnect();
    }
  }, 90_000);

  it('Redis killed and restarted empty under load: balances are rebuilt exactly, nothing is lost', async () => {
    const first = await start('third');
    const second = await start('fourth');
    const setup = await setUpBilling(first, upstream.url);
    const before = await readLedger(database.settings, setup);
    const load = new ChatLoad(() => [first.url, second.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(500);
    await redis.kill();
    await redis.start();
    const answeredAtRestart = load.answered;
    await expect.poll(() => load.answered, { timeout: 25_000, interval: 50 }).toBeGreaterThan(answeredAtRestart + 300);
    await load.stop();
    for (const server of [first, second]) {
      expect(await server.stop()).toBe(0);
      running.delete(server);
    }
    const ledger = await readLedger(database.settings, setup);
    console.info(
      `cluster, Redis restarted: answered ${load.answered}, failed ${load.failed}, logged ${ledger.logRows}`,
    );
    expectExactBilling(ledger, before, load.answered, CLIENTS);
    expect(await balancesInRedis(redis.url, setup)).toEqual({ user: ledger.userQuota, token: ledger.tokenRemain });
  }, 60_000);
});
