import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/dialect';
import { saveOptions } from '../../testing/console-client';
import { pendingCreditRows, systemLogRows, usersNamed } from '../../testing/crash-counts';
import {
  ANSWERS_BEFORE_KILL,
  callsUntilRefused,
  testAcrossCrashes,
  rootOfProcess,
  seedUsers,
  userOfProcess,
} from '../../testing/crash-database';

/** Clients checking in at once, each as the next user that has not yet. */
const CLIENTS = 24;
const USERS = 4_000;
/** SIGKILLs at most, each after a restart that finishes what the one before interrupted. */
const KILLS = 6;

/** Every seeded user's balance, its check-in's reward (0 without one) and how many check-in log rows it has. */
async function checkedIn(database: Database) {
  const users = await usersNamed(database, 'member');
  const checkins = await database.db.selectFrom('checkins').select(['user_id', 'quota_awarded']).execute();
  const logRows = await systemLogRows(database, '用户签到');
  return users.map(({ id, quota }) => {
    const checkin = checkins.find((row) => toNumber(row.user_id) === id);
    return {
      quota,
      reward: checkin ? toNumber(checkin.quota_awarded) : 0,
      checkins: checkins.filter((row) => toNumber(row.user_id) === id).length,
      logRows: logRows(id),
    };
  });
}

/**
 * Users check in in parallel while the server is SIGKILLed (again after each restart, until a kill
 * interrupted a check-in), then restarted and stopped cleanly: every check-in row has its reward in
 * the balance and one log row, and no credit is left pending. (Before the pending credits, a day's row
 * whose credit the kill interrupted stayed without its reward.)
 */
// WORKERS=2 too: a check-in made on a worker is finished by its primary after the crash.
await testAcrossCrashes(
  'daily check-ins across a SIGKILL',
  'every check-in is credited exactly once',
  async (sandbox) => {
    const { database, server: first } = await sandbox.start();
    await saveOptions(await rootOfProcess(first), {
      'checkin_setting.enabled': 'true',
      'checkin_setting.min_quota': '1000',
      'checkin_setting.max_quota': '50000',
    });
    const users = await seedUsers(database, 'member', USERS);
    let next = 0;
    const { answered, interrupted } = await sandbox.killUnderLoad(
      KILLS,
      async (server) =>
        callsUntilRefused(CLIENTS, async () => {
          const user = users[next++];
          if (user === undefined) return false;
          return (await userOfProcess(server, user)('POST', '/user/checkin')).success;
        }),
      async () => (await pendingCreditRows(database)) > 0,
    );

    const accounts = await checkedIn(database);
    const rewarded = accounts.filter((account) => account.checkins === 1);
    sandbox.report(`${answered} check-ins answered, ${rewarded.length} stored`);
    expect(rewarded.length).toBeGreaterThan(ANSWERS_BEFORE_KILL);
    expect(
      accounts.filter((account) => account.quota !== account.reward || account.logRows !== account.checkins),
    ).toEqual([]);
    expect(await pendingCreditRows(database)).toBe(0);
    expect(interrupted).toBe(true);
  },
);
