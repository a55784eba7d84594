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
  const kill = async (server: ServerProcess) => {
    await server.kill();
    running.delete(server);
  };
  /** Waits until the load has answered more than `count` calls. */
  const answeredBeyond = (load: ChatLoad, count: number, timeout = 20_000) =>
    expect.poll(() => load.answered, { timeout, interval: 50 }).toBeGreaterThan(count);
  /** Two instances, and a user and token to bill through them, with the ledger before any call. */
  const startTwo = async (firstName: string, secondName: string) => {
    const first = await start(firstName);
    const second = await start(secondName);
    const setup = await setUpBilling(first, upstream.url);
    return { first, second, setup, before: await readLedger(database.settings, setup) };
  };
  /** Stops the instances (each exits 0); every answered call is then billed once, and Redis serves the database's balances. */
  const stopAndCheckBilling = async (
    what: string,
    servers: ServerProcess[],
    { setup, before }: Awaited<ReturnType<typeof startTwo>>,
    load: ChatLoad,
  ) => {
    for (const server of servers) {
      expect(await server.stop()).toBe(0);
      running.delete(server);
    }
    const ledger = await readLedger(database.settings, setup);
    console.info(`cluster, ${what}: answered ${load.answered}, failed ${load.failed}, logged ${ledger.logRows}`);
    expectExactBilling(ledger, before, load.answered, CLIENTS);
    expect(await balancesInRedis(redis.url, setup)).toEqual({ user: ledger.userQuota, token: ledger.tokenRemain });
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
    const run = await startTwo('first', 'second');
    const { first, second, setup } = run;
    let targets = [first.url, second.url];
    const load = new ChatLoad(() => targets, setup.apiKey, CLIENTS);
    await answeredBeyond(load, 600);
    await kill(first);
    targets = [second.url];
    await answeredBeyond(load, load.answered + 150);
    await load.stop();
    await stopAndCheckBilling('instance killed', [await start('first'), second], run, load);
  }, 60_000);

  it('an instance holding a lease killed -9: its lease ends by itself, and its charges are applied once at its restart', async () => {
    const run = await startTwo('fifth', 'sixth');
    const { first, second, setup } = run;
    const client = new Redis(redis.url);
    try {
      let targets = [first.url];
      const load = new ChatLoad(() => targets, setup.apiKey, CLIENTS);
      await answeredBeyond(load, 300);
      // Only the first instance has had calls: the lease of the user and token is its.
      const [leaseKey] = await client.keys(`switchboard:lease:*:${setup.userId}:${setup.tokenId}`);
      expect(leaseKey).toBeDefined();
      const leaseOfFirst = async () => (await client.exists(leaseKey ?? '')) === 1;
      await kill(first);
      targets = [second.url];
      // Nobody renews the dead instance's lease: it ends, and what it kept from others is free again.
      await expect.poll(leaseOfFirst, { timeout: LEASE_EXPIRY_MS * 3, interval: 100 }).toBe(false);
      await answeredBeyond(load, load.answered + 150);
      await load.stop();
      await stopAndCheckBilling('lease holder killed', [await start('fifth'), second], run, load);
    } finally {
      client.disconnect();
    }
  }, 90_000);

  it('Redis killed and restarted empty under load: balances are rebuilt exactly, nothing is lost', async () => {
    const run = await startTwo('third', 'fourth');
    const { first, second, setup } = run;
    const load = new ChatLoad(() => [first.url, second.url], setup.apiKey, CLIENTS);
    await answeredBeyond(load, 500);
    await redis.kill();
    await redis.start();
    await answeredBeyond(load, load.answered + 300, 25_000);
    await load.stop();
    await stopAndCheckBilling('Redis restarted', [first, second], run, load);
  }, 60_000);
});
