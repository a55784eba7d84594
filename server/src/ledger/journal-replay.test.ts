import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { nowSeconds, toNumber } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { seedBalances } from '../testing/balance-authorities';
import { availableDatabaseKinds, createTestDatabase, type TestDatabase } from '../testing/test-databases';
import { DeltaWriter } from './balances/delta-writer';
import { DurableJournal } from './durable-journal';
import { replayJournal } from './journal-replay';
import { LogType, LogWriter } from './log-writer';

const kinds = await availableDatabaseKinds();
const quiet = { error: () => undefined, warn: () => undefined };

/** One run of an instance: its journal in `folder` and writers linked to it, after the start's replay. */
async function startRun(database: Database, folder: string, sync: 'write' | 'fsync' = 'write') {
  const journal = DurableJournal.open(folder, sync);
  const link = { journal, instanceId: journal.instanceId };
  const deltas = new DeltaWriter(database.db, link);
  const logs = new LogWriter(database, { journal: link, reporter: quiet });
  const replayed = await replayJournal(database.db, journal, deltas, logs);
  return { journal, deltas, logs, replayed };
}

describe.each(kinds)('settlement journal replay on %s', (kind: DatabaseKind) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let userId = 0;
  let tokenId = 0;
  const folders: string[] = [];
  const newFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'switchboard-journal-test-'));
    folders.push(folder);
    return folder;
  };
  const ledger = async () => {
    const user = await database.db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const token = await database.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    const logs = await database.db.selectFrom('logs').select('content').where('user_id', '=', userId).execute();
    const rolled = await database.db.selectFrom('quota_data').select('count').where('user_id', '=', userId).execute();
    return {
      quota: toNumber(user.quota),
      used: toNumber(user.used_quota),
      requests: toNumber(user.request_count),
      remain: toNumber(token.remain_quota),
      logs: logs.map((row) => row.content),
      rolled: rolled.reduce((sum, row) => sum + toNumber(row.count), 0),
    };
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    database = openDatabase(testDatabase.settings);
    await migrateToLatest(database);
    ({ userId, tokenId } = await seedBalances(database, 1000, 1000));
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('writes what a killed run journaled exactly once, however often the start is repeated', async () => {
    const folder = newFolder();
    const killed = await startRun(database, folder);
    expect(killed.replayed).toBe(0);
    killed.deltas.userQuota(userId, -10);
    killed.deltas.tokenRemain(tokenId, -10);
    killed.deltas.usage(userId, tokenId, 0, 10, 1);
    killed.logs.write({
      user_id: userId,
      created_at: nowSeconds(),
      type: LogType.Consumption,
      content: 'answered call',
      quota: 10,
      other: '{}',
    });
    killed.logs.roll({
      userId,
      username: 'journal',
      model: 'gpt-4o-mini',
      createdAt: nowSeconds(),
      tokens: 30,
      quota: 10,
    });
    await killed.journal.durable();
    // The balance batch reached the database before the kill; the log rows did not.
    await killed.deltas.flush();
    killed.journal.close();
    const copy = newFolder();
    cpSync(folder, copy, { recursive: true });

    const restarted = await startRun(database, folder);
    expect(restarted.replayed).toBe(2);
    const expected = { quota: 990, used: 10, requests: 1, remain: 990, logs: ['answered call'], rolled: 1 };
    expect(await ledger()).toEqual(expected);
    expect(
      readdirSync(folder).filter((name) => name.startsWith('segment-') && name < 'segment-0000000000000006'),
    ).toEqual([]);
    restarted.journal.close();

    // The same journal again (as if the restart had died before deleting it): nothing is written twice.
    const again = await startRun(database, copy);
    expect(again.replayed).toBe(0);
    expect(await ledger()).toEqual(expected);
    again.journal.close();
  });

  it('leaves out a torn last line and keeps numbering after the marks', async () => {
    const folder = newFolder();
    const run = await startRun(database, folder);
    run.deltas.userQuota(userId, 5);
    await run.journal.durable();
    run.journal.close();
    const segment = readdirSync(folder).find((name) => name.startsWith('segment-')) as string;
    appendFileSync(join(folder, segment), '2\tu\t1,99999');
    const before = (await ledger()).quota;
    const restarted = await startRun(database, folder);
    expect(restarted.replayed).toBe(1);
    expect((await ledger()).quota).toBe(before + 5);
    expect(restarted.journal.append('u', `${userId},0`)).toBe(2);
    restarted.journal.close();
  });

  it('deletes a closed segment once the database holds all its records (fsync policy)', async () => {
    const folder = newFolder();
    const run = await startRun(database, folder, 'fsync');
    const segments = () => readdirSync(folder).filter((name) => name.startsWith('segment-')).length;
    run.deltas.userQuota(userId, 1);
    await run.journal.durable();
    run.journal.rotate(run.deltas.oldestPendingSeq);
    expect(segments()).toBe(2);
    await run.deltas.flush();
    run.journal.rotate(Math.min(run.deltas.oldestPendingSeq, run.logs.oldestPendingSeq));
    expect(segments()).toBe(1);
    run.journal.close();
  });

  it('replays a journal left by the release before the typed records: a charge as a user and a token line, a refund as a negative charge', async () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'instance-id'), `old-release-${kind}\n`);
    const created = nowSeconds();
    // The lines that release wrote for one answered call (log row, rollup, usage, charge) and one task refund.
    const lines = [
      `1\tl\t[${userId},${created},2,"old call","journal","journal",${tokenId},"gpt-4o-mini",25,10,5,1,0,0,"","default","","req-old"]\t{}`,
      `2\tr\t[${userId},"journal","gpt-4o-mini",${created},15,25]`,
      `3\tg\t${userId},${tokenId},0,25,1`,
      `4\tu\t${userId},-25`,
      `5\tt\t${tokenId},-25`,
      `6\tl\t[${userId},${created},4,"old refund","","",${tokenId},"",0,0,0,0,0,0,"","","","refund-old"]\t{"task_refund":40}`,
      `7\tu\t${userId},40`,
      `8\tt\t${tokenId},40`,
    ];
    writeFileSync(join(folder, 'segment-0000000000000001.log'), `${lines.join('\n')}\n`);
    const before = await ledger();

    const restarted = await startRun(database, folder);
    expect(restarted.replayed).toBe(8);
    const after = await ledger();
    expect(after.quota - before.quota).toBe(15);
    expect(after.remain - before.remain).toBe(15);
    expect(after.used - before.used).toBe(25);
    expect(after.requests - before.requests).toBe(1);
    expect(after.rolled - before.rolled).toBe(1);
    expect(after.logs.slice(before.logs.length)).toEqual(['old call', 'old refund']);
    restarted.journal.close();
  });

  it('journals a charge as one record carrying user and token, which a restart applies to both once', async () => {
    const folder = newFolder();
    const killed = await startRun(database, folder);
    const seq = killed.deltas.charge(userId, tokenId, 30);
    expect(killed.deltas.refund(userId, tokenId, 12)).toBe(seq + 1);
    await killed.journal.durable();
    killed.journal.close();
    const segment = readdirSync(folder).find((name) => name.startsWith('segment-')) as string;
    expect(readFileSync(join(folder, segment), 'utf8')).toBe(
      `${seq}\tc\t${userId},${tokenId},30\n${seq + 1}\tf\t${userId},${tokenId},12\n`,
    );
    const before = await ledger();

    const restarted = await startRun(database, folder);
    expect(restarted.replayed).toBe(2);
    const after = await ledger();
    expect([after.quota - before.quota, after.remain - before.remain]).toEqual([-18, -18]);
    restarted.journal.close();
  });

  it('refuses a journal folder that another live process owns, not one whose pid was reused', async () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'owner.pid'), `${process.ppid}\n`);
    expect(() => DurableJournal.open(folder, 'write')).toThrow(/belongs to the running process/);
    writeFileSync(join(folder, 'owner.pid'), `${process.ppid} 1\n`);
    DurableJournal.open(folder, 'write').close();
  });
});
