import type { JobStatusView } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNumber } from '../db/dialect';
import { MODEL_TEST_TOKEN_NAME } from '../console/channel/test-service';
import { consoleClient, saveOptions, type ConsoleClient } from '../testing/console-client';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { MailCatcher } from '../testing/mail-catcher';
import { addChannel } from '../testing/relay-fixtures';
import { signIn, startTestServer, type TestServer } from '../testing/test-server';

const ROOT_MAIL = 'root@switchboard.test';
let server: TestServer;
let root: ConsoleClient;
let upstream: FakeOpenAIUpstream;
let mail: MailCatcher;

const channelRow = async (id: number) =>
  server.context.database.db
    .selectFrom('channels')
    .select(['status', 'response_time', 'test_time', 'balance'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const mailsAbout = (words: string) =>
  mail.mails.filter((message) => message.to.includes(ROOT_MAIL) && message.subject.includes(words));
const jobStatus = async (name: string) =>
  (await root<JobStatusView[]>('GET', '/job/')).data?.find((job) => job.name === name);

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  mail = await new MailCatcher().start();
  // Scheduled tests every 0.003 minutes (180 ms): the job runs on its own loop, as in production.
  server = await startTestServer({ environment: { CHANNEL_TEST_FREQUENCY: '0.003' } });
  root = consoleClient(server, await signIn(server, 'root', '123456'));
  await saveOptions(root, {
    SMTPServer: '127.0.0.1',
    SMTPPort: String(mail.port),
    SMTPFrom: 'switchboard@switchboard.test',
    AutomaticDisableChannelEnabled: 'true',
    AutomaticEnableChannelEnabled: 'true',
  });
  const saved = await root('PUT', '/user/setting', {
    notify_type: 'email',
    quota_warning_threshold: 0,
    notification_email: ROOT_MAIL,
  });
  expect(saved.success, saved.message).toBe(true);
});

afterAll(async () => {
  await server.stop();
  await upstream.stop();
  await mail.stop();
});

describe('scheduled channel tests', () => {
  it('disable a failing channel, enable it again once it recovers, and tell root once each time', async () => {
    upstream.behaviour = { failWith: { status: 401, message: 'Incorrect API key provided' } };
    const id = await addChannel(server, { name: 'flaky', baseUrl: upstream.url, models: ['gpt-4o-mini'] });

    await expect.poll(async () => (await channelRow(id)).status, { timeout: 10_000 }).toBe(3);
    const disabledNotice = await mail.latestTo(ROOT_MAIL);
    expect(disabledNotice.subject).toContain('was disabled');
    expect(disabledNotice.body).toContain(
      `Channel "flaky" (#${id}) was disabled automatically. Reason: upstream HTTP 401 (upstream_test): Incorrect API key provided`,
    );

    // Further failing runs test the auto-disabled channel again but do not tell root again.
    const runsWhileDown = (await jobStatus('channel-health'))?.runCount ?? 0;
    await expect
      .poll(async () => (await jobStatus('channel-health'))?.runCount ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(runsWhileDown + 2);
    expect((await channelRow(id)).status).toBe(3);
    expect(mailsAbout('was disabled')).toHaveLength(1);

    upstream.behaviour = {};
    await expect.poll(async () => (await channelRow(id)).status, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => mailsAbout('was enabled').length, { timeout: 10_000 }).toBe(1);
    const runsWhileUp = (await jobStatus('channel-health'))?.runCount ?? 0;
    await expect
      .poll(async () => (await jobStatus('channel-health'))?.runCount ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(runsWhileUp + 2);
    expect(mailsAbout('was enabled')).toHaveLength(1);
    expect(mailsAbout('was disabled')).toHaveLength(1);

    const row = await channelRow(id);
    expect(toNumber(row.test_time)).toBeGreaterThan(0);
    expect(toNumber(row.response_time)).toBeGreaterThanOrEqual(0);
    await server.context.logs.flush();
    const testLogs = await server.context.database.db
      .selectFrom('logs')
      .select(['content', 'model_name', 'user_id'])
      .where('channel_id', '=', id)
      .where('token_name', '=', MODEL_TEST_TOKEN_NAME)
      .execute();
    expect(testLogs.length).toBeGreaterThanOrEqual(4);
    expect(testLogs.some((log) => log.content.includes('Incorrect API key provided'))).toBe(true);
    expect(testLogs.some((log) => log.content === '')).toBe(true);
    expect(testLogs.every((log) => log.model_name === 'gpt-4o-mini' && toNumber(log.user_id) === 1)).toBe(true);

    const status = await jobStatus('channel-health');
    expect(status).toMatchObject({ lastOutcome: 'ok', failureCount: 0 });
    expect(status?.intervalMs).toBe(180);
    await server.context.database.db.updateTable('channels').set({ status: 2 }).where('id', '=', id).execute();
  });

  it('take a channel out only for the configured status codes and the error types that say the key is spent, not for any failure', async () => {
    upstream.behaviour = { failWith: { status: 503, message: 'upstream overloaded' } };
    const id = await addChannel(server, { name: 'overloaded', baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    const runs = (await jobStatus('channel-health'))?.runCount ?? 0;
    await expect
      .poll(async () => (await jobStatus('channel-health'))?.runCount ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(runs + 2);
    expect((await channelRow(id)).status).toBe(1);

    await saveOptions(root, { AutomaticDisableStatusCodes: '401,500-599' });
    await expect.poll(async () => (await channelRow(id)).status, { timeout: 10_000 }).toBe(3);
    await saveOptions(root, { AutomaticDisableStatusCodes: '401' });
    await server.context.database.db.updateTable('channels').set({ status: 2 }).where('id', '=', id).execute();

    upstream.behaviour = {
      failWith: {
        status: 429,
        message: 'You exceeded your current quota, please check your plan',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    };
    const spent = await addChannel(server, { name: 'quota gone', baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    await expect.poll(async () => (await channelRow(spent)).status, { timeout: 10_000 }).toBe(3);
    await server.context.database.db.updateTable('channels').set({ status: 2 }).where('id', '=', spent).execute();
  });

  it('in recovery mode try only auto-disabled channels: a passing one comes back, a failing enabled one is left alone', async () => {
    await saveOptions(root, { ChannelTestMode: 'recovery' });
    upstream.behaviour = { failWith: { status: 401, message: 'Incorrect API key provided' } };
    const healthyUpstream = await new FakeOpenAIUpstream().start();
    const failingButEnabled = await addChannel(server, {
      name: 'serving',
      baseUrl: upstream.url,
      models: ['gpt-4o-mini'],
    });
    const recovering = await addChannel(server, {
      name: 'recovering',
      baseUrl: healthyUpstream.url,
      models: ['gpt-4o-mini'],
    });
    await server.context.database.db.updateTable('channels').set({ status: 3 }).where('id', '=', recovering).execute();
    const before = upstream.received.length;

    await expect.poll(async () => (await channelRow(recovering)).status, { timeout: 10_000 }).toBe(1);
    const runs = (await jobStatus('channel-health'))?.runCount ?? 0;
    await expect
      .poll(async () => (await jobStatus('channel-health'))?.runCount ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(runs + 2);
    expect((await channelRow(failingButEnabled)).status).toBe(1);
    expect(upstream.received.length).toBe(before);

    await saveOptions(root, { ChannelTestMode: 'all' });
    await server.context.database.db
      .updateTable('channels')
      .set({ status: 2 })
      .where('id', 'in', [failingButEnabled, recovering])
      .execute();
    await healthyUpstream.stop();
  });
});

describe('balance refresh and the job status', () => {
  it('refreshes the balance of every enabled channel when root runs the job, and lists the jobs for root only', async () => {
    // The scheduled channel tests keep running (every 180 ms) against the upstream the tests above left
    // failing with 401: a channel on it could be auto-disabled before its balance is read. This one lives
    // on a fake that answers only the billing endpoints (its chat 404 disables nothing).
    upstream.behaviour = {};
    const billing = await new BillingUpstream().start();
    const id = await addChannel(server, { name: 'billed', baseUrl: billing.url, models: ['gpt-4o-mini'] });

    const reply = await root<string>('POST', '/job/channel-balance/run');
    expect(reply).toMatchObject({ success: true, data: 'ran' });
    expect((await channelRow(id)).balance).toBeCloseTo(12.5);
    expect(await jobStatus('channel-balance')).toMatchObject({ lastOutcome: 'ok', runCount: 1, intervalMs: 0 });
    expect((await root('POST', '/job/no-such-job/run')).message).toBe('There is no background job named no-such-job');

    const anonymous = await server.call('/api/job/');
    expect(anonymous.status).toBe(401);
    await billing.stop();
  });
});

/** OpenAI's billing endpoints: a hard limit of $20 and 750 cents used this period. */
class BillingUpstream {
  url = '';
  private stopServer: (() => Promise<void>) | null = null;

  async start(): Promise<this> {
    const { startLoopbackServer } = await import('../testing/loopback-server');
    const server = await startLoopbackServer((request, response) => {
      const path = request.url ?? '';
      const body = path.startsWith('/v1/dashboard/billing/subscription')
        ? { hard_limit_usd: 20, has_payment_method: false }
        : path.startsWith('/v1/dashboard/billing/usage')
          ? { total_usage: 750 }
          : null;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { error: 'no route' }));
    });
    this.url = server.url;
    this.stopServer = () => server.stop();
    return this;
  }

  stop(): Promise<void> {
    return this.stopServer?.() ?? Promise.resolve();
  }
}
