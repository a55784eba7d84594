import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesInRedis, killOneWorker } from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { PrivateRedis } from '../testing/private-redis';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/test-databases';
import { expectEveryAnswerBilled, expectStillAnswering, startLoad } from '../testing/worker-kill-load';

/**
 * WORKERS=2 over a database server: on PostgreSQL with Redis (the Redis balance book, Redis limits
 * and pub/sub) and on MariaDB without it (the primary's memory book). A worker is SIGKILLed under
 * load; after the graceful stop every answered call is billed and logged once.
 */
describe.each([
  { kind: 'postgres' as const, withRedis: true },
  { kind: 'mysql' as const, withRedis: false },
])('WORKERS=2 on $kind (Redis: $withRedis): a killed worker loses no billed call', ({ kind, withRedis }) => {
  const upstream = new FakeOpenAIUpstream();
  const redis = new PrivateRedis();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-workers-shared-'));
  let database: TestDatabase;
  let running: ServerProcess | null = null;

  beforeAll(async () => {
    await upstream.start();
    if (withRedis) await redis.start();
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await running?.kill();
    if (withRedis) await redis.kill();
    await upstream.stop();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answered = billed = logged', async () => {
    running = await startServerProcess({
      WORKERS: '2',
      SQL_DSN: database.dsn ?? '',
      SESSION_SECRET: 'workers-test-secret-0123456789',
      ...(withRedis ? { REDIS_CONN_STRING: redis.url } : {}),
      JOURNAL_DIR: join(folder, 'journal'),
    });
    const server = running;
    const calls = await startLoad(server, upstream.url, database.settings, 200);
    await killOneWorker(server);
    await expectStillAnswering(calls.load);
    await calls.load.stop();
    expect(await server.stop()).toBe(0);
    running = null;
    const ledger = await expectEveryAnswerBilled(calls, database.settings, `workers on ${kind}`);
    if (withRedis)
      expect(await balancesInRedis(redis.url, calls.setup)).toEqual({
        user: ledger.userQuota,
        token: ledger.tokenRemain,
      });
  }, 60_000);
});
