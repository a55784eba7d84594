import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableAuthorityKinds,
  balancesInDatabase,
  seedBalances,
  startAuthority,
  type AuthorityKind,
  type AuthorityRun,
} from '../testing/balance-authorities';
import { temporaryFolders } from '../testing/temporary-folders';
import { migratedDatabaseForTests } from '../testing/test-databases';

/*
 * One suite, every balance authority: the process's memory, a cluster worker whose balances live in
 * its primary (journaling its bills there, or itself), and Redis shared by instances (lending leases of
 * large balances: the cases here are too small for one, redis-leases.test.ts spends balances that get
 * them). Each is built directly, as its process builds it, and
 * must keep the same promises: admission under races lets in exactly what the balance covers, a
 * balance is spent exactly to zero, a refund is applied once, and a crash's journal is replayed once.
 */

const kinds = await availableAuthorityKinds();

describe.each(kinds)('the %s balance authority', (kind: AuthorityKind) => {
  const newFolder = temporaryFolders('ledger-conformance');
  const migrated = migratedDatabaseForTests('sqlite');
  let run: AuthorityRun;

  beforeAll(async () => {
    run = await startAuthority(kind, migrated.database, migrated.testDatabase.sqlitePath, newFolder());
  });

  /** `calls` calls one after another, each admitted with a hold of `reserve` and charged `quota`. */
  async function admitAndCharge(
    ids: { userId: number; tokenId: number },
    calls: number,
    { reserve, quota }: { reserve: number; quota: number },
  ): Promise<void> {
    for (let call = 0; call < calls; call += 1) {
      const admission = await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: reserve });
      expect(admission).toEqual({ reserved: reserve });
      await run.balances.charge({ userId: ids.userId, tokenId: ids.tokenId, reserved: reserve, quota });
    }
  }

  afterAll(async () => {
    await run?.close();
  });

  it('lets in exactly the parallel calls the user balance covers, and gives every hold back on release', async () => {
    const ids = await seedBalances(migrated.database, 550, 1_000_000);
    const admissions = await Promise.all(
      Array.from({ length: 20 }, () => run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })),
    );
    const admitted = admissions.filter((admission) => 'reserved' in admission);
    expect(admitted).toEqual(Array.from({ length: 5 }, () => ({ reserved: 100 })));
    expect(admissions.filter((admission) => 'short' in admission)).toEqual(
      Array.from({ length: 15 }, () => ({ short: 'user' })),
    );
    await Promise.all(
      admitted.map(() => run.balances.release({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })),
    );
    expect(await run.balances.userQuota(ids.userId)).toBe(550);
    expect(await run.balances.tokenRemain(ids.tokenId)).toBe(1_000_000);
  });

  it('lets in exactly the parallel calls the token balance covers', async () => {
    const ids = await seedBalances(migrated.database, 1_000_000, 350);
    const admissions = await Promise.all(
      Array.from({ length: 12 }, () => run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })),
    );
    expect(admissions.filter((admission) => 'reserved' in admission)).toHaveLength(3);
    expect(admissions.filter((admission) => 'short' in admission)).toEqual(
      Array.from({ length: 9 }, () => ({ short: 'token' })),
    );
  });

  it('spends a balance exactly to zero, then refuses, and the migrated.database holds zero', async () => {
    const ids = await seedBalances(migrated.database, 1000, 5000);
    await admitAndCharge(ids, 4, { reserve: 250, quota: 250 });
    await run.durable();
    expect(await run.balances.userQuota(ids.userId)).toBe(0);
    expect(await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 1 })).toEqual({
      short: 'user',
    });
    await run.balances.flush();
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 0, token: 4000 });
  });

  it('applies a refund once, across a crash and two restarts', async () => {
    const ids = await seedBalances(migrated.database, 1000, 1000);
    // As a call's admission does, the balance is read (loaded into the authority) before it is charged.
    expect(await run.balances.userQuota(ids.userId)).toBe(1000);
    await run.balances.charge({ userId: ids.userId, tokenId: ids.tokenId, reserved: 0, quota: 400 });
    await run.balances.refund({ userId: ids.userId, tokenId: ids.tokenId, quota: 150 });
    // As the relay does before an answer: a worker's charges are applied in its primary once durable.
    await run.durable();
    expect(await run.balances.userQuota(ids.userId)).toBe(750);
    run = await run.crashAndRestart();
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 750, token: 750 });
    run = await run.crashAndRestart();
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 750, token: 750 });
    expect(await run.balances.userQuota(ids.userId)).toBe(750);
    expect(await run.balances.tokenRemain(ids.tokenId)).toBe(750);
  });

  it("replays a crash's journal once: the charges reach the migrated.database, and a second restart adds nothing", async () => {
    const ids = await seedBalances(migrated.database, 10_000, 10_000);
    await admitAndCharge(ids, 5, { reserve: 300, quota: 120 });
    await run.durable();
    // A call admitted and cut short by the crash: its hold never reaches the database.
    expect(await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 300 })).toEqual({
      reserved: 300,
    });
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 10_000, token: 10_000 });

    run = await run.crashAndRestart();
    expect(run.replayed).toBe(5);
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 9400, token: 9400 });
    expect(await run.balances.userQuota(ids.userId)).toBe(9400);
    run = await run.crashAndRestart();
    expect(run.replayed).toBe(0);
    expect(await balancesInDatabase(migrated.database, ids)).toEqual({ user: 9400, token: 9400 });
    expect(await run.balances.userQuota(ids.userId)).toBe(9400);
    expect(await run.balances.tokenRemain(ids.tokenId)).toBe(9400);
  });
});
