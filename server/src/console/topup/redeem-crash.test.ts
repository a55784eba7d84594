import { randomBytes } from 'node:crypto';
import { QUOTA_PER_UNIT as UNIT, RedemptionStatus } from '@switchboard/contract';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { nowSeconds, toNumber } from '../../db/dialect';
import { LogType } from '../../ledger/index';
import { pendingCreditRows, usersNamed } from '../../testing/crash-counts';
import {
  ANSWERS_BEFORE_KILL,
  callsUntilRefused,
  testAcrossCrashes,
  insertInBatches,
  seedUsers,
  userOfProcess,
} from '../../testing/crash-database';

/** Users redeeming, and clients redeeming at once (each for one of the users). */
const USERS = 6;
const CLIENTS = 24;
const CODES = 4_000;
/** SIGKILLs at most, each after a restart that finishes what the one before interrupted. */
const KILLS = 6;

/** `CODES` unused codes of different values; answers their keys. */
async function seedCodes(database: Database): Promise<string[]> {
  const rows = Array.from({ length: CODES }, (_, index) => ({
    user_id: 1,
    key: randomBytes(16).toString('hex'),
    name: 'crash',
    quota: (1 + (index % 7)) * UNIT,
    created_time: nowSeconds(),
  }));
  await insertInBatches(database, 'redemptions', rows);
  return rows.map((row) => row.key);
}

/** Every used code with the user who used it and how many redemption log rows name it for that user. */
async function usedCodes(database: Database) {
  const { db } = database;
  const codes = await db
    .selectFrom('redemptions')
    .select(['id', 'quota', 'used_user_id'])
    .where('status', '=', RedemptionStatus.Used)
    .execute();
  const logs = await db
    .selectFrom('logs')
    .select(['user_id', 'content'])
    .where('type', '=', LogType.TopUp)
    .where('content', 'like', '通过兑换码充值%')
    .execute();
  const logRowsOf = new Map<string, number>();
  for (const log of logs) {
    const named = `${toNumber(log.user_id)}:${/兑换码ID (\d+)$/.exec(log.content)?.[1]}`;
    logRowsOf.set(named, (logRowsOf.get(named) ?? 0) + 1);
  }
  return codes.map((code) => ({
    id: toNumber(code.id),
    quota: toNumber(code.quota),
    userId: toNumber(code.used_user_id),
    logRows: logRowsOf.get(`${toNumber(code.used_user_id)}:${toNumber(code.id)}`) ?? 0,
  }));
}

/**
 * Several users redeem many codes in parallel while the server is SIGKILLed (again after each restart,
 * until a kill interrupted a redemption), then restarted and stopped cleanly: every code marked used
 * is credited exactly once to its user, with one log row, and no credit is left pending. (Before the
 * pending credits, a code spent by a redemption whose credit the kill interrupted stayed used and
 * uncredited.)
 */
// WORKERS=2 too: a code redeemed on a worker is finished by its primary after the crash.
await testAcrossCrashes(
  'redemption codes across a SIGKILL',
  'every code marked used is credited exactly once',
  async (sandbox) => {
    const { database } = await sandbox.start();
    const users = await seedUsers(database, 'redeemer', USERS);
    const keys = await seedCodes(database);
    let next = 0;
    const { answered, interrupted } = await sandbox.killUnderLoad(
      KILLS,
      async (server) => {
        const clients = users.map((user) => userOfProcess(server, user));
        return callsUntilRefused(CLIENTS, async (client) => {
          const key = keys[next++];
          if (key === undefined) return false;
          return (await clients[client % USERS]!('POST', '/user/topup', { key })).success;
        });
      },
      async () => (await pendingCreditRows(database)) > 0,
    );

    const used = await usedCodes(database);
    sandbox.report(`${answered} codes redeemed, ${used.length} used`);
    expect(used.length).toBeGreaterThan(ANSWERS_BEFORE_KILL);
    expect(used.filter((code) => code.logRows !== 1)).toEqual([]);
    for (const user of await usersNamed(database, 'redeemer')) {
      const redeemed = used.filter((code) => code.userId === user.id);
      expect(user.quota).toBe(redeemed.reduce((sum, code) => sum + code.quota, 0));
    }
    expect(await pendingCreditRows(database)).toBe(0);
    expect(interrupted).toBe(true);
  },
);
