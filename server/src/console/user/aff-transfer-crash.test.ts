import { QUOTA_PER_UNIT as UNIT } from '@switchboard/contract';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/dialect';
import { LogType } from '../../ledger/index';
import type { ConsoleClient } from '../../testing/console-client';
import { pendingCreditRows } from '../../testing/crash-counts';
import { callsUntilRefused, testAcrossCrashes, rootOfProcess } from '../../testing/crash-database';

const ROOT_ID = 1;
/** Clients transferring at once: also how many transfers may be in flight when the process is killed. */
const CLIENTS = 24;
/** SIGKILLs at most, each after a restart that finishes what the one before interrupted. */
const KILLS = 10;

/** The root's balance, invite earnings, transfer log rows and unfinished transfers, as the database holds them. */
async function accountOf(database: Database) {
  const { db } = database;
  const user = await db
    .selectFrom('users')
    .select(['quota', 'aff_quota'])
    .where('id', '=', ROOT_ID)
    .executeTakeFirstOrThrow();
  const logs = await db
    .selectFrom('logs')
    .select((select) => select.fn.countAll().as('n'))
    .where('user_id', '=', ROOT_ID)
    .where('type', '=', LogType.System)
    .where('request_id', 'like', 'aff-transfer:%')
    .executeTakeFirstOrThrow();
  return {
    quota: toNumber(user.quota),
    affQuota: toNumber(user.aff_quota),
    logRows: toNumber(logs.n),
    claims: await pendingCreditRows(database),
  };
}

/** Clients moving one unit of invite earnings at a time until the server stops answering. */
function transferLoad(root: ConsoleClient) {
  return callsUntilRefused(CLIENTS, async () => (await root('POST', '/user/aff_transfer', { quota: UNIT })).success);
}

/**
 * Parallel transfers of invite earnings into the balance; the server is SIGKILLed amid them (again
 * after each restart, until a kill interrupted a transfer), then restarted and stopped cleanly: the earnings taken equal the balance credited, with one log row per
 * transfer, and no transfer is left unfinished. (Before the claims, earnings taken by a transfer whose
 * credit the kill interrupted were gone.)
 */
// WORKERS=2 too: a transfer made on a worker is finished by its primary after the crash.
await testAcrossCrashes(
  'invite earnings across a SIGKILL',
  'what is taken from the earnings is credited exactly once',
  async (sandbox) => {
    const { database } = await sandbox.start();
    await database.db
      .updateTable('users')
      .set({ aff_quota: 1_000_000 * UNIT })
      .where('id', '=', ROOT_ID)
      .execute();
    const before = await accountOf(database);

    // Kills until one landed between a transfer's taking and its durable credit (most land elsewhere).
    const { answered, interrupted } = await sandbox.killUnderLoad(
      KILLS,
      async (server) => transferLoad(await rootOfProcess(server)),
      async () => (await accountOf(database)).claims > 0,
    );
    sandbox.report(`${answered} transfers answered, interrupted: ${interrupted}`);
    expect(interrupted).toBe(true);

    const after = await accountOf(database);
    const taken = before.affQuota - after.affQuota;
    expect(taken).toBeGreaterThan(answered * UNIT);
    expect(after.quota - before.quota).toBe(taken);
    expect(after.logRows - before.logRows).toBe(taken / UNIT);
    expect(after.claims).toBe(0);
  },
);
