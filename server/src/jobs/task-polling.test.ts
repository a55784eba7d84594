import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { midjourneyPlatform } from '../relay/midjourney/platform';
import { sunoPlatform } from '../relay/suno/platform';
import { FakeMidjourneyProxy } from '../testing/fake-midjourney-proxy';
import { FakeSuno } from '../testing/fake-suno';
import { addChannel, addToken, addUser, flushAll } from '../testing/relay-fixtures';
import { userLogsOfType } from '../testing/log-queries';
import { availableDatabaseKinds, createTestDatabase } from '../testing/test-databases';
import { startTwoInstances } from '../testing/two-instances';
import { startTestServer, type TestServer } from '../testing/test-server';
import { pollTasks, TASK_POLLING_JOB } from './task-polling';

const kinds = await availableDatabaseKinds();
const quiet = { warn: () => undefined };
const IMAGINE = 50_000;
const MUSIC = 50_000;

let proxy: FakeMidjourneyProxy;
let suno: FakeSuno;
let agent: Agent;
beforeAll(async () => {
  proxy = await new FakeMidjourneyProxy('mj-secret').start();
  suno = await new FakeSuno('suno-key').start();
  agent = new Agent();
});
afterAll(async () => {
  await agent.close();
  await proxy.stop();
  await suno.stop();
});

async function setUp(server: TestServer) {
  await addChannel(server, { type: 2, baseUrl: proxy.url, key: 'mj-secret', models: ['mj_imagine'] });
  await addChannel(server, { type: 36, baseUrl: suno.url, key: 'suno-key', models: ['suno_music'] });
  const userId = await addUser(server, 'poller-user', { quota: 1_000_000 });
  const token = await addToken(server, userId, { remain: 1_000_000 });
  return { userId, token };
}

async function submit(server: TestServer, path: string, apiKey: string, prompt: string): Promise<string> {
  const response = await server.call(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  const body = (await response.json()) as { result?: string; data?: string };
  return (body.result ?? body.data)!;
}

describe.each(kinds)('the task runner on %s', (kind) => {
  it('refunds a failed task once when two pollers see the failure at the same time', async () => {
    const server = await startTestServer({ databaseKind: kind });
    try {
      const { userId, token } = await setUp(server);
      const drawing = await submit(server, '/mj/submit/imagine', token.apiKey, 'fail twice');
      const song = await submit(server, '/suno/submit/music', token.apiKey, 'fail twice');
      expect(await server.context.balances.userQuota(userId)).toBe(1_000_000 - IMAGINE - MUSIC);

      // Two pollers with their own platform objects, as two instances would have, race over the same rows.
      const pollers = () => [midjourneyPlatform(server.context.database), sunoPlatform(server.context.database)];
      await Promise.all([
        pollTasks(server.context, agent, pollers(), quiet),
        pollTasks(server.context, agent, pollers(), quiet),
      ]);
      await pollTasks(server.context, agent, pollers(), quiet);

      expect(await server.context.balances.userQuota(userId)).toBe(1_000_000);
      expect(await server.context.balances.tokenRemain(token.id)).toBe(1_000_000);
      await flushAll(server);
      const db = server.context.database.db;
      const refunds = await db
        .selectFrom('logs')
        .select('content')
        .where('user_id', '=', userId)
        .where('type', '=', 4)
        .execute();
      expect(refunds).toHaveLength(2);
      expect(refunds.filter((log) => log.content.includes(drawing))).toHaveLength(1);
      expect(refunds.filter((log) => log.content.includes(song))).toHaveLength(1);
      expect(
        await db
          .selectFrom('midjourneys')
          .select(['status', 'refunded'])
          .where('mj_id', '=', drawing)
          .executeTakeFirst(),
      ).toEqual({ status: 'FAILURE', refunded: 1 });
      expect(
        await db.selectFrom('tasks').select(['status', 'refunded']).where('task_id', '=', song).executeTakeFirst(),
      ).toEqual({ status: 'FAILURE', refunded: 1 });
      const user = await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(Number(user.quota)).toBe(1_000_000);
    } finally {
      await server.stop();
    }
  });

  it('keeps its state in the tables: a task submitted before a restart finishes after it', async () => {
    const database = await createTestDatabase(kind);
    try {
      const first = await startTestServer({ sharedDatabase: database });
      const { userId, token } = await setUp(first);
      const drawing = await submit(first, '/mj/submit/imagine', token.apiKey, 'a fox after restart');
      await first.stop();

      const second = await startTestServer({ sharedDatabase: database });
      try {
        expect(await second.context.jobs.runNow(TASK_POLLING_JOB)).toBe('ran');
        const row = await second.context.database.db
          .selectFrom('midjourneys')
          .select(['status', 'image_url'])
          .where('mj_id', '=', drawing)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'SUCCESS', image_url: `${proxy.url}/images/${drawing}.png` });
        expect(await second.context.balances.userQuota(userId)).toBe(1_000_000 - IMAGINE);
      } finally {
        await second.stop();
      }
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(kinds.includes('postgres'))('two instances sharing PostgreSQL and Redis', () => {
  it('refund a failed drawing once when both poll it at the same time', async () => {
    const { first, second } = await startTwoInstances();
    try {
      const { userId, token } = await setUp(first);
      const drawing = await submit(first, '/mj/submit/imagine', token.apiKey, 'fail on both');
      await Promise.all(
        [first, second].map((server) =>
          pollTasks(server.context, agent, [midjourneyPlatform(server.context.database)], quiet),
        ),
      );
      expect(await first.context.balances.userQuota(userId)).toBe(1_000_000);
      expect(await second.context.balances.userQuota(userId)).toBe(1_000_000);
      await flushAll(first);
      await flushAll(second);
      const refunds = await userLogsOfType(first, userId, 4);
      expect(refunds.map((log) => log.content)).toEqual([expect.stringContaining(drawing)]);
      const user = await first.context.database.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(user.quota)).toBe(1_000_000);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
