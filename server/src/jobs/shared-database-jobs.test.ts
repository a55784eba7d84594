import type { JobStatusView } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { startFakeUpstream, type FakeUpstream } from '../testing/channel-fixtures';
import { consoleClient, type ConsoleClient } from '../testing/console-client';
import { addChannel } from '../testing/relay-fixtures';
import { signIn, startTestServer, type TestServer } from '../testing/test-server';
import { availableDatabaseKinds } from '../testing/test-databases';

const kinds = await availableDatabaseKinds();
const DAY_SECONDS = 86_400;

describe.each(kinds)('background jobs of two instances on %s', (kind: DatabaseKind) => {
  let first: TestServer;
  let second: TestServer;
  let rootOfFirst: ConsoleClient;
  let rootOfSecond: ConsoleClient;
  let upstream: FakeUpstream;

  beforeAll(async () => {
    // A channel test that takes 400 ms, so the second instance finds the first one's run under way.
    upstream = await startFakeUpstream((request) =>
      request.url?.endsWith('/chat/completions')
        ? {
            body: { id: 'x', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [] },
            delayMilliseconds: 400,
          }
        : undefined,
    );
    first = await startTestServer({ databaseKind: kind });
    second = await startTestServer({ sharedDatabase: first.database });
    rootOfFirst = consoleClient(first, await signIn(first, 'root', '123456'));
    rootOfSecond = consoleClient(second, await signIn(second, 'root', '123456'));
  });

  afterAll(async () => {
    await second.stop();
    await first.stop();
    await upstream.close();
  });

  it('never run the same job at once: the second instance is told the job is busy', async () => {
    await addChannel(first, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const running = rootOfFirst<string>('POST', '/job/channel-health/run');
    await expect.poll(() => upstream.requests.length).toBe(1);
    expect((await rootOfSecond<string>('POST', '/job/channel-health/run')).data).toBe('busy');
    expect((await running).data).toBe('ran');
    expect(upstream.requests).toHaveLength(1);

    const status = (await rootOfSecond<JobStatusView[]>('GET', '/job/')).data?.find(
      (job) => job.name === 'channel-health',
    );
    expect(status).toMatchObject({ runCount: 1, lastOutcome: 'ok', running: false });
    expect((await rootOfSecond<string>('POST', '/job/channel-health/run')).data).toBe('ran');
    expect(upstream.requests).toHaveLength(2);
  });

  it('delete logs older than the retention in batches and keep the newer ones', async () => {
    // The model-test log rows of the test above are written behind; let them land first.
    await first.context.logs.flush();
    await second.context.logs.flush();
    const db = first.context.database.db;
    const now = Math.floor(Date.now() / 1000);
    const row = (createdAt: number) => ({ user_id: 1, created_at: createdAt, type: 4, content: 'old', other: '{}' });
    const old = Array.from({ length: 2300 }, (_, index) => row(now - 40 * DAY_SECONDS - index));
    for (let start = 0; start < old.length; start += 500)
      await db
        .insertInto('logs')
        .values(old.slice(start, start + 500))
        .execute();
    await db
      .insertInto('logs')
      .values([row(now - 2 * DAY_SECONDS), row(now)])
      .execute();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('logs')
            .select((eb) => eb.fn.countAll().as('rows'))
            .executeTakeFirstOrThrow()
        ).rows,
      );
    const before = await count();

    expect((await rootOfFirst('PUT', '/option/', { key: 'LogRetentionDays', value: '30' })).success).toBe(true);
    expect((await rootOfFirst<string>('POST', '/job/log-retention/run')).data).toBe('ran');
    expect(await count()).toBe(before - 2300);
    expect(
      Number(
        (
          await db
            .selectFrom('logs')
            .select((eb) => eb.fn.min('created_at').as('oldest'))
            .executeTakeFirstOrThrow()
        ).oldest,
      ),
    ).toBeGreaterThan(now - 30 * DAY_SECONDS);
    const status = (await rootOfFirst<JobStatusView[]>('GET', '/job/')).data?.find(
      (job) => job.name === 'log-retention',
    );
    expect(status).toMatchObject({ intervalMs: 3_600_000, lastOutcome: 'ok' });
  });
});
