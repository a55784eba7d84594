import { randomBytes } from 'node:crypto';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../../config';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/dialect';
import { pollTasks } from '../../jobs/task-polling';
import { addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { temporaryFolders } from '../../testing/temporary-folders';
import { availableDatabaseKinds, createTestDatabase, type TestDatabase } from '../../testing/test-databases';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { midjourneyPlatform } from '../midjourney/platform';
import { sunoPlatform } from '../suno/platform';
import { GenericTaskStore } from './generic-task-store';
import { RefundClaims, RefundState } from './refund-claim';
import { refundTaskPrice } from './task-billing';
import type { TaskPlatform } from './task-platform';
import { taskRefunds } from './task-refunds';

const kinds = await availableDatabaseKinds();
const quiet = { warn: () => undefined };
const QUOTA = 1_000_000;

let agent: Agent;
/** A journal folder: one instance, kept across its restarts. */
const journalFolder = temporaryFolders('refund-journal');
beforeAll(() => {
  agent = new Agent();
});
afterAll(async () => {
  await agent.close();
});

/** A failed task of the platform's table, charged `quota`; answers its row id. */
function insertFailed(
  platform: TaskPlatform,
  database: Database,
  owner: { userId: number; tokenId: number },
  quota: number,
): Promise<number> {
  const common = {
    userId: owner.userId,
    tokenId: owner.tokenId,
    group: 'default',
    channelId: 1,
    quota,
    status: 'FAILURE',
  };
  const upstreamId = randomBytes(6).toString('hex');
  if (platform.name === 'midjourney') {
    return midjourneyPlatform(database).store.insert({
      ...common,
      mjId: upstreamId,
      code: 1,
      action: 'IMAGINE',
      prompt: 'p',
      description: '',
      modelName: 'mj_imagine',
      progress: '0%',
      imageUrl: '',
      properties: {},
    });
  }
  return sunoPlatform(database).store.insert({
    ...common,
    taskId: upstreamId,
    modelName: 'suno_music',
    action: 'MUSIC',
    properties: {},
    data: null,
  });
}

async function refundState(database: Database, platform: TaskPlatform, rowId: number) {
  const table = platform.name === 'midjourney' ? 'midjourneys' : 'tasks';
  const row = await database.db
    .selectFrom(table)
    .select(['refunded', 'refund_owner'])
    .where('id', '=', rowId)
    .executeTakeFirstOrThrow();
  return { refunded: toNumber(row.refunded), owner: row.refund_owner };
}

/** The user's and the token's balance in the authority and, after a flush, in the database; and the refund rows. */
async function ledger(server: TestServer, userId: number, tokenId: number) {
  await flushAll(server);
  const db = server.context.database.db;
  const user = await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
  const token = await db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('logs')
    .select('request_id')
    .where('user_id', '=', userId)
    .where('type', '=', 4)
    .orderBy('request_id')
    .execute();
  return {
    user: await server.context.balances.userQuota(userId),
    token: await server.context.balances.tokenRemain(tokenId),
    userInDatabase: toNumber(user.quota),
    tokenInDatabase: toNumber(token.remain_quota),
    witnesses: refunds.map((row) => row.request_id),
  };
}

/** The user's and token's balances, in memory and in the database, all at `quota`. */
const balancedAt = (quota: number) => ({ user: quota, token: quota, userInDatabase: quota, tokenInDatabase: quota });

/** A RefundClaims whose `finish` fails once, as a database that is gone for a moment would. */
class FinishFailsOnce extends RefundClaims {
  private failed = false;

  override async finish(rowId: number, owner: string): Promise<boolean> {
    if (!this.failed) {
      this.failed = true;
      throw new Error('the database is gone for a moment');
    }
    return super.finish(rowId, owner);
  }
}

describe.each(kinds)('refunds of failed tasks on %s', (kind: DatabaseKind) => {
  let database: TestDatabase;
  const running = new Set<TestServer>();
  const start = async (journal: string, environment: Record<string, string> = {}) => {
    const server = await startTestServer({
      sharedDatabase: database,
      environment: { JOURNAL_DIR: journal, TASK_POLL_INTERVAL_SECONDS: '0', ...environment },
    });
    running.add(server);
    return server;
  };
  const stop = async (server: TestServer) => {
    running.delete(server);
    await server.stop();
  };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const server of running) await server.stop();
    await database.drop();
  });

  it('claim: one caller wins and owns it; only the owner finishes it; the witness names table and row', async () => {
    const server = await start(journalFolder());
    const db = server.context.database;
    const userId = await addUser(server, `states-${kind}`, { quota: QUOTA });
    for (const platform of [sunoPlatform(db), midjourneyPlatform(db)]) {
      const rowId = await insertFailed(platform, db, { userId, tokenId: 0 }, 500);
      const { refunds } = platform.store;
      expect((await platform.store.unrefundedFailures(100)).map((task) => task.rowId)).toContain(rowId);
      const claims = await Promise.all([refunds.claim(rowId, 'instance-a'), refunds.claim(rowId, 'instance-b')]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const owner = claims[0] ? 'instance-a' : 'instance-b';
      const other = claims[0] ? 'instance-b' : 'instance-a';
      expect(await refundState(db, platform, rowId)).toEqual({ refunded: RefundState.claimed, owner });
      expect((await platform.store.unrefundedFailures(100)).map((task) => task.rowId)).not.toContain(rowId);
      expect(await platform.store.claimedRefunds(owner, 100)).toEqual([
        expect.objectContaining({ rowId, userId, quota: 500 }),
      ]);
      expect(await platform.store.claimedRefunds(other, 100)).toEqual([]);
      expect(await refunds.finish(rowId, other)).toBe(false);
      expect(await refunds.finish(rowId, owner)).toBe(true);
      expect(await refunds.finish(rowId, owner)).toBe(false);
      expect(await refunds.claim(rowId, other)).toBe(false);
      expect(await refundState(db, platform, rowId)).toEqual({ refunded: RefundState.refunded, owner });
      expect(await platform.store.claimedRefunds(owner, 100)).toEqual([]);
      expect(refunds.witness(rowId)).toBe(`task-refund:${refunds.table}:${rowId}`);
    }
    const claimedAt = await db.db
      .selectFrom('tasks')
      .select('refund_claimed_at')
      .where('refunded', '=', RefundState.refunded)
      .executeTakeFirstOrThrow();
    expect(Math.abs(toNumber(claimedAt.refund_claimed_at) - Date.now() / 1000)).toBeLessThan(60);
    await stop(server);
  });

  it("at start, an earlier run's claims are credited when it stopped before the credit and finished without a second credit when after", async () => {
    const journal = journalFolder();
    const first = await start(journal);
    const db = first.context.database;
    const userId = await addUser(first, `restart-${kind}`, { quota: QUOTA });
    const token = await addToken(first, userId, { remain: QUOTA });
    const owner = { userId, tokenId: token.id };
    const suno = sunoPlatform(db);
    const midjourney = midjourneyPlatform(db);
    const instance = taskRefunds(first.context).owner;

    // Claimed, then the run stopped: nothing credited.
    const uncredited = await insertFailed(suno, db, owner, 700);
    expect(await suno.store.refunds.claim(uncredited, instance)).toBe(true);
    // Claimed and credited (row and credit journaled and durable), then the run stopped before finishing.
    const credited = await insertFailed(midjourney, db, owner, 300);
    expect(await midjourney.store.refunds.claim(credited, instance)).toBe(true);
    const [claimed] = await midjourney.store.claimedRefunds(instance, 10);
    const { applied } = await refundTaskPrice(
      first.context,
      midjourney,
      claimed!,
      'stopped before finishing',
      midjourney.store.refunds.witness(credited),
    );
    await applied;
    await first.context.journal?.durable();
    // Claimed by another instance that is slow, not dead: never touched here.
    const foreign = await insertFailed(suno, db, owner, 50);
    expect(await suno.store.refunds.claim(foreign, 'a-slow-instance')).toBe(true);
    await stop(first);

    const second = await start(journal);
    const restarted = second.context.database;
    expect(taskRefunds(second.context).owner).toBe(instance);
    const expected = {
      ...balancedAt(QUOTA + 1000),
      witnesses: [suno.store.refunds.witness(uncredited), midjourney.store.refunds.witness(credited)].sort(),
    };
    expect(await ledger(second, userId, token.id)).toEqual(expected);
    expect(await refundState(restarted, suno, uncredited)).toEqual({ refunded: RefundState.refunded, owner: instance });
    expect(await refundState(restarted, midjourney, credited)).toEqual({
      refunded: RefundState.refunded,
      owner: instance,
    });

    await pollTasks(second.context, agent, [sunoPlatform(restarted), midjourneyPlatform(restarted)], quiet);
    expect(await refundState(restarted, suno, foreign)).toEqual({
      refunded: RefundState.claimed,
      owner: 'a-slow-instance',
    });
    await stop(second);
    const third = await start(journal);
    expect(await ledger(third, userId, token.id)).toEqual(expected);
    await stop(third);
  });

  it('an error between the steps leaves the claim to the next poller run, which credits it once', async () => {
    const server = await start(journalFolder());
    const db = server.context.database;
    const userId = await addUser(server, `errors-${kind}`, { quota: QUOTA });
    const token = await addToken(server, userId, { remain: QUOTA });
    const owner = { userId, tokenId: token.id };

    // Fails before anything is journaled: the refund's log row cannot be made once.
    const suno = sunoPlatform(db);
    let logFails = true;
    const flakyLog: TaskPlatform = {
      ...suno,
      refundLog: (task, reason) => {
        if (!logFails) return suno.refundLog(task, reason);
        logFails = false;
        throw new Error('no log row this time');
      },
    };
    const beforeCredit = await insertFailed(suno, db, owner, 200);
    const first = (await suno.store.unrefundedFailures(10)).find((task) => task.rowId === beforeCredit);
    await expect(taskRefunds(server.context).refund(flakyLog, first!, 'failed')).rejects.toThrow(
      'no log row this time',
    );
    expect(await ledger(server, userId, token.id)).toMatchObject({ user: QUOTA, token: QUOTA, witnesses: [] });

    // Fails after the credit is journaled: finishing the claim fails once.
    const store = new (class extends GenericTaskStore {
      override readonly refunds = new FinishFailsOnce(db, 'tasks', (milliseconds) => Math.floor(milliseconds / 1000));
    })(db, suno.name);
    const flakyFinish: TaskPlatform = { ...suno, store };
    const afterCredit = await insertFailed(suno, db, owner, 30);
    const second = (await store.unrefundedFailures(10)).find((task) => task.rowId === afterCredit);
    await expect(taskRefunds(server.context).refund(flakyFinish, second!, 'failed')).rejects.toThrow(
      'gone for a moment',
    );
    expect(await ledger(server, userId, token.id)).toMatchObject({ user: QUOTA + 30, token: QUOTA + 30 });
    expect(await refundState(db, suno, afterCredit)).toMatchObject({ refunded: RefundState.claimed });

    await pollTasks(server.context, agent, [], quiet);
    for (const rowId of [beforeCredit, afterCredit])
      expect(await refundState(db, suno, rowId)).toMatchObject({ refunded: RefundState.refunded });
    expect(await ledger(server, userId, token.id)).toEqual({
      ...balancedAt(QUOTA + 230),
      witnesses: [suno.store.refunds.witness(afterCredit), suno.store.refunds.witness(beforeCredit)].sort(),
    });
    await pollTasks(server.context, agent, [suno], quiet);
    expect((await ledger(server, userId, token.id)).user).toBe(QUOTA + 230);
    await stop(server);
  });

  it('a token without a limit is not credited; a task of no price is finished without a credit or a log row', async () => {
    const server = await start(journalFolder());
    const db = server.context.database;
    const userId = await addUser(server, `unlimited-${kind}`, { quota: QUOTA });
    const unlimited = await addToken(server, userId, { remain: 5, unlimited: true });
    const suno = sunoPlatform(db);
    await insertFailed(suno, db, { userId, tokenId: unlimited.id }, 80);
    const free = await insertFailed(suno, db, { userId, tokenId: unlimited.id }, 0);
    await pollTasks(server.context, agent, [suno], quiet);
    expect(await ledger(server, userId, unlimited.id)).toMatchObject({
      user: QUOTA + 80,
      token: 5,
      tokenInDatabase: 5,
      witnesses: [expect.stringMatching(/^task-refund:tasks:/)],
    });
    expect(await refundState(db, suno, free)).toMatchObject({ refunded: RefundState.refunded });
    await stop(server);
  });
});

describe.runIf(kinds.includes('postgres'))(
  'refunds of failed tasks with Redis balances, two instances on PostgreSQL',
  () => {
    it('a restarted instance finishes its claims once in Redis, and racing instances credit each task once', async () => {
      const environment = {
        REDIS_CONN_STRING: 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `switchboard-refund-${randomBytes(4).toString('hex')}:`,
        TASK_POLL_INTERVAL_SECONDS: '0',
      };
      const journal = journalFolder();
      const database = await createTestDatabase('postgres');
      const first = await startTestServer({
        sharedDatabase: database,
        environment: { ...environment, JOURNAL_DIR: journal },
      });
      const other = await startTestServer({
        sharedDatabase: database,
        environment: { ...environment, JOURNAL_DIR: journalFolder() },
      });
      let restarted: TestServer | null = null;
      try {
        const db = first.context.database;
        const userId = await addUser(first, 'redis-refunds', { quota: QUOTA });
        const token = await addToken(first, userId, { remain: QUOTA });
        const owner = { userId, tokenId: token.id };
        const suno = sunoPlatform(db);
        const instance = taskRefunds(first.context).owner;
        // The balances are in Redis before the claims, as after any call.
        expect(await other.context.balances.userQuota(userId)).toBe(QUOTA);
        const uncredited = await insertFailed(suno, db, owner, 700);
        await suno.store.refunds.claim(uncredited, instance);
        const credited = await insertFailed(suno, db, owner, 300);
        await suno.store.refunds.claim(credited, instance);
        const claimed = (await suno.store.claimedRefunds(instance, 10)).find((task) => task.rowId === credited);
        await (
          await refundTaskPrice(
            first.context,
            suno,
            claimed!,
            'stopped before finishing',
            suno.store.refunds.witness(credited),
          )
        ).applied;
        await first.context.journal?.durable();
        expect(await other.context.balances.userQuota(userId)).toBe(QUOTA + 300);
        await first.stop();

        restarted = await startTestServer({
          sharedDatabase: database,
          environment: { ...environment, JOURNAL_DIR: journal },
        });
        const afterRestart = balancedAt(QUOTA + 1000);
        expect(await ledger(restarted, userId, token.id)).toMatchObject(afterRestart);
        expect(await ledger(other, userId, token.id)).toMatchObject(afterRestart);

        // Both instances poll the same failures at once.
        const racing = restarted.context.database;
        const rows = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            insertFailed(index % 2 ? midjourneyPlatform(racing) : sunoPlatform(racing), racing, owner, 10),
          ),
        );
        await Promise.all(
          [restarted, other].map((server) =>
            pollTasks(
              server.context,
              agent,
              [sunoPlatform(server.context.database), midjourneyPlatform(server.context.database)],
              quiet,
            ),
          ),
        );
        await flushAll(other);
        const settled = balancedAt(QUOTA + 1120);
        expect(await ledger(restarted, userId, token.id)).toMatchObject(settled);
        expect(await ledger(other, userId, token.id)).toMatchObject(settled);
        expect((await ledger(other, userId, token.id)).witnesses).toHaveLength(2 + rows.length);
      } finally {
        await restarted?.stop();
        await other.stop();
        await database.drop();
      }
    });
  },
);
