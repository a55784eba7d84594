import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../testing/console-client';
import { PrivateRedis } from '../testing/private-redis';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { temporaryFolders } from '../testing/temporary-folders';
import { createTestDatabase, type TestDatabase } from '../testing/test-databases';
import { signIn } from '../testing/test-server';

const ROUNDS = 20;

/**
 * Two instances on PostgreSQL with Redis: an option saved through one is read back through the other
 * as soon as the save was answered (the save waits until every instance acknowledged the change).
 */
describe('two instances on PostgreSQL + Redis: a console write is read back through the other', () => {
  const redis = new PrivateRedis();
  const newFolder = temporaryFolders('instances');
  let database: TestDatabase;
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    await redis.start();
    database = await createTestDatabase('postgres');
    const folder = newFolder();
    const shared = {
      SQL_DSN: database.dsn ?? '',
      REDIS_CONN_STRING: redis.url,
      SESSION_SECRET: 'instances-test-secret-0123456789',
    };
    instances.push(await startServerProcess({ ...shared, JOURNAL_DIR: `${folder}/first` }));
    instances.push(await startServerProcess({ ...shared, JOURNAL_DIR: `${folder}/second`, NODE_TYPE: 'slave' }));
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) expect(await instance.stop()).toBe(0);
    await redis.kill();
    await database?.drop();
  });

  it('reads back every save at once', async () => {
    const [first, second] = instances as [ServerProcess, ServerProcess];
    const callerOf = (instance: ServerProcess) => ({
      call: (path: string, init?: RequestInit) => fetch(`${instance.url}${path}`, init),
    });
    const headers = await signIn(callerOf(first), 'root', '123456');
    const clients = [consoleClient(callerOf(first), headers), consoleClient(callerOf(second), headers)] as const;
    const stale: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [writer, reader] = round % 2 === 0 ? clients : ([clients[1], clients[0]] as const);
      expect((await writer('PUT', '/option/', { key: 'Notice', value: `notice ${round}` })).success).toBe(true);
      if ((await reader<string>('GET', '/notice')).data !== `notice ${round}`) stale.push(round);
    }
    expect(stale).toEqual([]);
  });
});
