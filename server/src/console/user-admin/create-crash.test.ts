import { QUOTA_PER_UNIT as UNIT } from '@switchboard/contract';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { saveOptions } from '../../testing/console-client';
import { systemLogRows, usersNamed } from '../../testing/crash-counts';
import { ANSWERS_BEFORE_KILL, callsUntilRefused, testAcrossCrashes, rootOfProcess } from '../../testing/crash-database';

/** Administrators creating users at once. */
const CLIENTS = 16;
const KILLS = 3;

/** The users the load created, each with its balance and how many starting-quota log rows it has. */
async function createdUsers(database: Database) {
  const users = await usersNamed(database, 'k');
  const logRows = await systemLogRows(database, '新用户注册赠送');
  return users.map(({ id, quota }) => ({ quota, logRows: logRows(id) }));
}

/**
 * Administrators create users with a starting quota while the server is SIGKILLed, several times:
 * every user that exists has its starting quota and exactly one log row recording it. (Before, the
 * row was written first and its log row later, through the log queue: a kill in between kept the
 * user and its quota without the record.)
 */
await testAcrossCrashes(
  'users created across a SIGKILL',
  'every created user has its starting quota and its log row',
  async (sandbox) => {
    const { database, server: first } = await sandbox.start();
    await saveOptions(await rootOfProcess(first), { QuotaForNewUser: UNIT });
    await sandbox.killUnderLoad(KILLS, async (server, round) => {
      const root = await rootOfProcess(server);
      return callsUntilRefused(CLIENTS, async (client, serial) => {
        const body = { username: `k${round}-${client}-${serial}`, password: 'password123' };
        return (await root('POST', '/user/', body)).success;
      });
    });
    const users = await createdUsers(database);
    sandbox.report(`${users.length} users created`);
    expect(users.length).toBeGreaterThan(KILLS * ANSWERS_BEFORE_KILL);
    expect(users.filter((user) => user.quota !== UNIT || user.logRows !== 1)).toEqual([]);
  },
);
