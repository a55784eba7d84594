import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesInDatabase,
  newRedisPrefix,
  REDIS_URL,
  seedBalances,
  startAuthority,
  type AuthorityRun,
} from '../../testing/balance-authorities';
import { temporaryFolders } from '../../testing/temporary-folders';
import { migratedDatabaseForTests } from '../../testing/test-databases';
import { TRUST_FACTOR } from './admission';
import type { BalanceBook } from './balance-book';

/*
 * Two instances sharing balances in Redis, each lent part of a large balance (a lease) so that its
 * calls are let in without asking Redis. The exactness rules: a lease is taken back before a change
 * lowers the balance and before a refusal; a lease never moves money, so one that ends (taken back,
 * or its instance killed) cannot be counted twice, and the charges are applied once each.
 */

/** As the ledger lets a call in: at once when the instance surely covers it, else by the authority. */
async function letIn(
  balances: BalanceBook,
  userId: number,
  tokenId: number | null,
  amount: number,
): Promise<{ reserved: number; asked: boolean } | null> {
  if (balances.surelyAbove(userId, tokenId, amount * TRUST_FACTOR)) return { reserved: 0, asked: false };
  const admission = await balances.admit({ userId, tokenId, amount });
  return 'short' in admission ? null : { reserved: admission.reserved, asked: true };
}

describe('Redis balance leases shared by two instances', () => {
  const newFolder = temporaryFolders('redis-leases');
  const migrated = migratedDatabaseForTests('sqlite');
  let first: AuthorityRun;
  let second: AuthorityRun;
  let redis: Redis;
  let prefix: string;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    prefix = newRedisPrefix();
    const start = () =>
      startAuthority('redis', migrated.database, migrated.testDatabase.sqlitePath, newFolder(), REDIS_URL, prefix);
    first = await start();
    second = await start();
  });

  afterEach(async () => {
    await first.durable();
    await second.durable();
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.disconnect();
  });

  /** The leases of the user (of any instance) Redis holds. */
  const leaseKeys = (userId: number) => redis.keys(`${prefix}lease:*:${userId}:0`);

  it('lets the calls of a large balance in without asking Redis once a lease is granted, and charges them exactly', async () => {
    const ids = await seedBalances(migrated.database, 1_000_000, 0);
    expect(await letIn(first.balances, ids.userId, null, 100)).toEqual({ reserved: 0, asked: true });
    const later = await Promise.all(Array.from({ length: 20 }, () => letIn(first.balances, ids.userId, null, 100)));
    expect(later.every((admission) => admission?.asked === false)).toBe(true);
    await Promise.all(
      Array.from({ length: 21 }, () =>
        first.balances.charge({ userId: ids.userId, tokenId: null, reserved: 0, quota: 100 }),
      ),
    );
    // The charges a lease paid reach Redis together within a moment; the holder's own read sends them first.
    expect(await first.balances.userQuota(ids.userId)).toBe(1_000_000 - 2100);
    expect(await second.balances.userQuota(ids.userId)).toBe(1_000_000 - 2100);
    await first.balances.flush();
    expect((await balancesInDatabase(migrated.database, ids)).user).toBe(1_000_000 - 2100);
  });

  it("takes the other instance's lease back before an administrator lowers the balance", async () => {
    const ids = await seedBalances(migrated.database, 1_000_000, 0);
    await letIn(first.balances, ids.userId, null, 100);
    expect(first.balances.surelyAbove(ids.userId, null, 100 * TRUST_FACTOR)).toBe(true);
    await second.balances.setUserQuota(ids.userId, 5000);
    expect(await leaseKeys(ids.userId)).toEqual([]);
    // The holder learns it at its next answer from Redis (the heartbeat runs with every flush).
    await first.balances.flush();
    expect(first.balances.surelyAbove(ids.userId, null, 1)).toBe(false);
    expect(await letIn(first.balances, ids.userId, null, 100)).toEqual({ reserved: 100, asked: true });
    expect(await first.balances.userQuota(ids.userId)).toBe(4900);
  });

  it('takes the leases back before a hold would be refused: all that is left can still be held', async () => {
    const ids = await seedBalances(migrated.database, 1_000_000, 0);
    await letIn(first.balances, ids.userId, null, 100);
    expect(await leaseKeys(ids.userId)).toHaveLength(1);
    expect(await second.balances.reserve({ userId: ids.userId, tokenId: null, amount: 1_000_000 })).toBe(true);
    expect(await second.balances.reserve({ userId: ids.userId, tokenId: null, amount: 1 })).toBe(false);
    // The first instance learns that its lease is gone when its next charge reaches Redis, charged in full.
    await first.balances.charge({ userId: ids.userId, tokenId: null, reserved: 0, quota: 10 });
    await first.balances.userQuota(ids.userId);
    expect(first.balances.surelyAbove(ids.userId, null, 1)).toBe(false);
    await second.balances.release({ userId: ids.userId, tokenId: null, amount: 1_000_000 });
    expect(await second.balances.userQuota(ids.userId)).toBe(1_000_000 - 10);
  });

  it('never lets the two instances spend more than the balance plus the calls in flight, and the balance ends at what was charged', async () => {
    const balance = 600_000;
    const price = 100;
    const inFlight = 20;
    const ids = await seedBalances(migrated.database, balance, 0);
    let spent = 0;
    let withoutAsking = 0;
    const callsOf = async (run: AuthorityRun) => {
      for (;;) {
        const admission = await letIn(run.balances, ids.userId, null, price);
        if (!admission) return;
        if (!admission.asked) withoutAsking += 1;
        spent += price;
        // The call's own I/O (its upstream answer) comes in a later turn, as on a real gateway.
        await new Promise((resolve) => setImmediate(resolve));
        await run.balances.charge({ userId: ids.userId, tokenId: null, reserved: admission.reserved, quota: price });
      }
    };
    await Promise.all([first, second].flatMap((run) => Array.from({ length: inFlight }, () => callsOf(run))));
    // The documented bound: past the balance, at most one call per call in flight of every instance.
    expect(spent).toBeGreaterThanOrEqual(balance);
    expect(spent - balance).toBeLessThanOrEqual(2 * inFlight * price);
    expect(withoutAsking).toBeGreaterThan(spent / price / 2);
    expect(await first.balances.userQuota(ids.userId)).toBe(balance - spent);
    await first.balances.flush();
    await second.balances.flush();
    expect((await balancesInDatabase(migrated.database, ids)).user).toBe(balance - spent);
  });

  it("gives a killed instance's lease back at once to a hold that needs it, and applies its journaled charges exactly once at its restart", async () => {
    const ids = await seedBalances(migrated.database, 1_000_000, 0);
    await letIn(first.balances, ids.userId, null, 100);
    for (let call = 0; call < 30; call += 1)
      void first.balances.charge({ userId: ids.userId, tokenId: null, reserved: 0, quota: 100 });
    await first.durable();
    first = await first.crashAndRestart();
    expect(await second.balances.userQuota(ids.userId)).toBe(1_000_000 - 3000);
    expect(await second.balances.reserve({ userId: ids.userId, tokenId: null, amount: 1_000_000 - 3000 })).toBe(true);
    await second.balances.release({ userId: ids.userId, tokenId: null, amount: 1_000_000 - 3000 });
    first = await first.crashAndRestart();
    expect(await first.balances.userQuota(ids.userId)).toBe(1_000_000 - 3000);
    expect((await balancesInDatabase(migrated.database, ids)).user).toBe(1_000_000 - 3000);
  });
});
