import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { seedBalances, startAuthority, type AuthorityRun } from '../../testing/balance-authorities';
import { PrivateRedis } from '../../testing/private-redis';
import { temporaryFolders } from '../../testing/temporary-folders';
import { createTestDatabase, type TestDatabase } from '../../testing/test-databases';

/*
 * What one call costs Redis when it is the balance authority: every command the instance sends is
 * a round trip and work for the Redis server that all instances share. A redis-server of the test's
 * own is watched with MONITOR, which lists each command a client sends (commands a script runs
 * inside Redis are marked as the script's and not counted).
 */
describe('the Redis balance authority, round trips per call', () => {
  const newFolder = temporaryFolders('redis-round-trips');
  const server = new PrivateRedis();
  let testDatabase: TestDatabase;
  let database: Database;
  let run: AuthorityRun;
  let monitor: Redis;
  const sent: string[] = [];

  beforeAll(async () => {
    await server.start();
    testDatabase = await createTestDatabase('sqlite');
    database = openDatabase(testDatabase.settings);
    await migrateToLatest(database);
    run = await startAuthority('redis', database, testDatabase.sqlitePath, newFolder(), server.url);
    monitor = await new Redis(server.url).monitor();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (source !== 'lua') sent.push(String(args[0]).toLowerCase());
    });
  });

  afterAll(async () => {
    monitor?.disconnect();
    await run?.close();
    await database?.close();
    await testDatabase?.drop();
    await server.kill();
  });

  /** The commands sent while `work` runs (MONITOR reports them a moment after Redis ran them). */
  async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
    const marker = new Redis(server.url);
    try {
      await marker.echo('before');
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent.length = 0;
      await work();
      await marker.echo('after');
      const deadline = Date.now() + 2000;
      while (!sent.includes('echo') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return sent.filter((command) => command !== 'echo');
    } finally {
      marker.disconnect();
    }
  }

  it('admits a call with a hold on the user and the token in one command, and settles both balances in one more', async () => {
    const ids = await seedBalances(database, 1_000_000, 5_000);
    // The first call copies the balances from the database into Redis.
    await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 });
    await run.balances.charge({ userId: ids.userId, tokenId: ids.tokenId, reserved: 100, quota: 70 });

    const commands = await commandsOf(async () => {
      expect(await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })).toEqual({
        reserved: 100,
      });
      await run.balances.charge({ userId: ids.userId, tokenId: ids.tokenId, reserved: 100, quota: 30 });
    });
    expect(commands).toEqual(['evalsha', 'evalsha']);
    expect(await run.balances.userQuota(ids.userId)).toBe(1_000_000 - 100);
    expect(await run.balances.tokenRemain(ids.tokenId)).toBe(5_000 - 100);
  });

  it('admits calls its lease covers without a command, settles those that arrive together in one, and the balance is exact', async () => {
    const ids = await seedBalances(database, 1_000_000, 0);
    // The first call copies the balance into Redis and, trusted, gets a lease with its admission.
    await run.balances.admit({ userId: ids.userId, tokenId: null, amount: 100 });
    await run.balances.charge({ userId: ids.userId, tokenId: null, reserved: 0, quota: 100 });
    expect(await run.balances.userQuota(ids.userId)).toBe(1_000_000 - 100);
    const calls = Array.from({ length: 10 }, (_, index) => index + 1);
    const commands = await commandsOf(async () => {
      const admissions = await Promise.all(
        calls.map(() => run.balances.admit({ userId: ids.userId, tokenId: null, amount: 100 })),
      );
      expect(admissions).toEqual(calls.map(() => ({ reserved: 0 })));
      await run.durable();
      await Promise.all(
        calls.map((quota) => run.balances.charge({ userId: ids.userId, tokenId: null, reserved: 0, quota })),
      );
      // The charges the lease paid wait a moment for others; a read on this instance sends them first.
      await run.balances.userQuota(ids.userId);
    });
    expect(commands).toEqual(['evalsha', 'mget']);
    expect(await run.balances.userQuota(ids.userId)).toBe(1_000_000 - 155);
  });

  it('gives a hold on both balances back in one command', async () => {
    const ids = await seedBalances(database, 1_000_000, 5_000);
    await run.balances
      .admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })
      .then(() => run.balances.release({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 }));
    const commands = await commandsOf(async () => {
      expect(await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 400 })).toEqual({
        reserved: 400,
      });
      await run.balances.release({ userId: ids.userId, tokenId: ids.tokenId, amount: 400 });
    });
    expect(commands).toEqual(['evalsha', 'evalsha']);
    expect(await run.balances.tokenRemain(ids.tokenId)).toBe(5_000);
  });

  it('refuses a call the token cannot cover in one command, naming the token', async () => {
    const ids = await seedBalances(database, 1_000_000, 50);
    await run.balances.tokenRemain(ids.tokenId);
    await run.balances.userQuota(ids.userId);
    const commands = await commandsOf(async () => {
      expect(await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })).toEqual({
        short: 'token',
      });
    });
    expect(commands).toEqual(['evalsha']);
  });

  it('keeps working after Redis forgot its scripts (a restart or SCRIPT FLUSH): the script is sent once in full', async () => {
    const ids = await seedBalances(database, 1_000_000, 5_000);
    await run.balances
      .admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })
      .then(() => run.balances.release({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 }));
    const admin = new Redis(server.url);
    await admin.script('FLUSH');
    admin.disconnect();
    const commands = await commandsOf(async () => {
      expect(await run.balances.admit({ userId: ids.userId, tokenId: ids.tokenId, amount: 100 })).toEqual({
        reserved: 100,
      });
      await run.balances.charge({ userId: ids.userId, tokenId: ids.tokenId, reserved: 100, quota: 100 });
      await run.balances.charge({ userId: ids.userId, tokenId: ids.tokenId, reserved: 0, quota: 1 });
    });
    // Each script is refused once by its SHA1 and then sent in full; after that its SHA1 is enough.
    expect(commands).toEqual(['evalsha', 'eval', 'evalsha', 'eval', 'evalsha']);
    expect(await run.balances.userQuota(ids.userId)).toBe(1_000_000 - 101);
    expect(await run.balances.tokenRemain(ids.tokenId)).toBe(5_000 - 101);
  });
});
