import { QUOTA_PER_UNIT as UNIT } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { LogType } from '../../ledger/index';
import type { ConsoleClient } from '../../testing/console-client';
import { crashCases, crashDatabaseSandbox, rootOfProcess } from '../../testing/crash-database';
import { availableDatabaseKinds } from '../../testing/test-databases';

/** Administrators creating users at once. */
const CLIENTS = 16;
const KILLS = 3;

/** The users the load created, each with its balance and how many starting-quota log rows it has. */
async function createdUsers(database: Database) {
  const { db } = database;
  const users = await db.selectFrom('users').select(['id', 'quota']).where('username', 'like', 'k%').execute();
  const logs = await db
    .selectFrom('logs')
    .select('user_id')
    .where('type', '=', LogType.System)
    .where('content', 'like', '新用户注册赠送%')
    .execute();
  return users.map((user) => ({
    quota: Number(user.quota),
    logRows: logs.filter((log) => Number(log.user_id) === Number(user.id)).length,
  }));
}

/** Clients creating users until the server stops answering. */
function creationLoad(root: ConsoleClient, round: number) {
  let answered = 0;
  const client = async (index: number) => {
    for (let serial = 0; ; serial += 1) {
      const body = { username: `k${round}-${index}-${serial}`, password: 'password123' };
      const reply = await root('POST', '/user/', body).catch(() => null);
      if (!reply?.success) return;
      answered += 1;
    }
  };
  return {
    answered: () => answered,
    finished: Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index))),
  };
}

/**
 * Administrators create users with a starting quota while the server is SIGKILLed, several times:
 * every user that exists has its starting quota and exactly one log row recording it. (Before, the
 * row was written first and its log row later, through the log queue: a kill in between kept the
 * user and its quota without the record.)
 */
describe.each(crashCases(await availableDatabaseKinds()))(
  'users created across a SIGKILL (built server on $kind, WORKERS=$workers)',
  ({ kind, workers }) => {
    const sandbox = crashDatabaseSandbox('user-create');

    it('every created user has its starting quota and its log row', async () => {
      const { server: first } = await sandbox.start(kind, workers);
      const setUp = await rootOfProcess(first);
      expect((await setUp('PUT', '/option/', { key: 'QuotaForNewUser', value: String(UNIT) })).success).toBe(true);
      for (let round = 0; round < KILLS; round += 1) {
        const server = round === 0 ? first : await sandbox.restart();
        const load = creationLoad(await rootOfProcess(server), round);
        await expect.poll(load.answered, { timeout: 20_000, interval: 5 }).toBeGreaterThan(30);
        await server.kill();
        await load.finished;
      }
      await sandbox.restart();
      await sandbox.stop();
      const users = await createdUsers(sandbox.database as Database);
      console.info(`${kind}, WORKERS=${workers}: ${users.length} users created`);
      expect(users.length).toBeGreaterThan(KILLS * 30);
      expect(users.filter((user) => user.quota !== UNIT || user.logRows !== 1)).toEqual([]);
    }, 300_000);
  },
);
