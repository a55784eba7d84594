import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, saveOptions, type ConsoleClient } from '../../testing/console-client';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { readJsonBody, startLoopbackServer, type LoopbackServer } from '../../testing/loopback-server';
import { MailCatcher } from '../../testing/mail-catcher';
import { addChannel, addToken, addUser } from '../../testing/relay-fixtures';
import { availableDatabaseKinds } from '../../testing/test-databases';
import { signIn, startTestServer, type TestServer } from '../../testing/test-server';
import { startTwoInstances } from '../../testing/two-instances';
import { storedValue } from '../../testing/stored-rows';

const kinds = await availableDatabaseKinds();

const USER_MAIL = 'low@switchboard.test';
const compact = (text: string) => text.replace(/\s+/g, '');
let server: TestServer;
let root: ConsoleClient;
let upstream: FakeOpenAIUpstream;
let mail: MailCatcher;
let receiver: LoopbackServer;
const hooks: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = [];

async function chat(apiKey: string, model = 'gpt-4o-mini', status = 200, through: TestServer = server): Promise<void> {
  const response = await through.call('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }] }),
  });
  expect(response.status).toBe(status);
  await response.text();
  await through.context.background.drain();
}

/** A user with `quota`, signed in, with their notification settings saved through the console. */
async function userWith(name: string, quota: number, setting: Record<string, unknown>) {
  const id = await addUser(server, name, { quota });
  const client = consoleClient(server, await signIn(server, name, 'password123'));
  const saved = await client('PUT', '/user/setting', setting);
  const token = await addToken(server, id, { unlimited: true });
  return { id, saved, apiKey: token.apiKey };
}

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  mail = await new MailCatcher().start();
  receiver = await startLoopbackServer((request, response) => {
    void readJsonBody(request).then((body) => {
      hooks.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  server = await startTestServer();
  root = consoleClient(server, await signIn(server, 'root', '123456'));
  await saveOptions(root, { SMTPServer: '127.0.0.1', SMTPPort: mail.port, SMTPFrom: 'switchboard@switchboard.test' });
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
});

afterAll(async () => {
  await server.stop();
  await upstream.stop();
  await mail.stop();
  await receiver.stop();
});

describe('the low-balance notice', () => {
  it('mails a user once when their quota falls below their threshold, and again only after it was back above', async () => {
    // Each call costs (10 + 20 x 4) x 0.075 = 7 quota with the fake's usage and gpt-4o-mini's ratios.
    const user = await userWith('lowmail', 2000, {
      notify_type: 'email',
      quota_warning_threshold: 1995,
      notification_email: USER_MAIL,
    });
    expect(user.saved.success, user.saved.message).toBe(true);
    const toUser = () => mail.mails.filter((message) => message.to.includes(USER_MAIL));

    await chat(user.apiKey);
    await expect.poll(() => toUser().length, { timeout: 10_000 }).toBe(1);
    // The catcher keeps a space between MIME-encoded words of the subject.
    expect(compact(toUser()[0]!.subject)).toContain('Yourquotaisrunninglow');
    expect(toUser()[0]!.body).toContain('below your reminder threshold');

    await chat(user.apiKey);
    await server.context.balances.adjustUser(user.id, 100);
    await chat(user.apiKey);
    expect(toUser()).toHaveLength(1);

    await server.context.balances.adjustUser(user.id, -95);
    await chat(user.apiKey);
    await expect.poll(() => toUser().length, { timeout: 10_000 }).toBe(2);
  });

  it('falls back to QuotaRemindThreshold when the user set no threshold of their own', async () => {
    await saveOptions(root, { QuotaRemindThreshold: '1500' });
    const user = await userWith('lowdefault', 1505, {
      notify_type: 'email',
      notification_email: 'default@switchboard.test',
    });
    await chat(user.apiKey);
    const notice = await mail.latestTo('default@switchboard.test');
    expect(notice.body).toContain('below your reminder threshold');
    await saveOptions(root, { QuotaRemindThreshold: '1000' });
  });

  it('posts to the user webhook with the secret as a bearer token; internal targets need the option', async () => {
    const setting = {
      notify_type: 'webhook',
      quota_warning_threshold: 1995,
      webhook_url: `${receiver.url}/hook`,
      webhook_secret: 'hook-secret-1',
    };
    const refused = await userWith('lowhook-refused', 2000, setting);
    expect(refused.saved).toMatchObject({
      success: false,
      message: 'The webhook address must be a valid https address',
    });

    await saveOptions(root, { WebhookInternalAddressEnabled: 'true' });
    const user = await userWith('lowhook', 2000, setting);
    expect(user.saved.success, user.saved.message).toBe(true);
    await chat(user.apiKey);
    await expect.poll(() => hooks.length, { timeout: 10_000 }).toBe(1);
    const [hook] = hooks;
    expect(hook!.headers.authorization).toBe('Bearer hook-secret-1');
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.body).toMatchObject({
      type: 'quota_warning',
      title: expect.stringContaining('Your quota is running low'),
    });
    expect(hook!.body.content).toEqual(expect.stringContaining('below your reminder threshold'));
    expect(hook!.body.timestamp).toBeGreaterThan(1_700_000_000);
    await saveOptions(root, { WebhookInternalAddressEnabled: 'false' });
  });
});

describe('root notices of live relay failures', () => {
  it('tell root when a call disables a channel, at most twice per channel in ten minutes however it flaps', async () => {
    const rootMail = 'root-live@switchboard.test';
    expect((await root('PUT', '/user/setting', { notify_type: 'email', notification_email: rootMail })).success).toBe(
      true,
    );
    await saveOptions(root, { AutomaticDisableChannelEnabled: 'true' });
    const refusing = await new FakeOpenAIUpstream().start();
    refusing.behaviour = { failWith: { status: 401, message: 'Incorrect API key provided' } };
    const channelId = await addChannel(server, { name: 'revoked', baseUrl: refusing.url, models: ['gpt-4o'] });
    const user = await userWith('caller', 1_000_000, {
      notify_type: 'email',
      notification_email: 'caller@switchboard.test',
    });
    const status = async () =>
      Number(await storedValue(server.context.database.db, 'channels', { id: channelId }, 'status'));
    const aboutChannel = () =>
      mail.mails.filter(
        (message) =>
          message.to.includes(rootMail) && message.body.includes(`Channel "revoked" (#${channelId}) was disabled`),
      );

    for (let flap = 0; flap < 3; flap += 1) {
      await chat(user.apiKey, 'gpt-4o', 401);
      expect(await status()).toBe(3);
      await server.context.background.drain();
      expect(aboutChannel()).toHaveLength(Math.min(flap + 1, 2));
      await server.context.database.db.updateTable('channels').set({ status: 1 }).where('id', '=', channelId).execute();
      await server.context.database.db
        .updateTable('abilities')
        .set({ enabled: 1 })
        .where('channel_id', '=', channelId)
        .execute();
      await server.context.bus.channelsChanged();
    }
    expect(aboutChannel()[0]!.body).toContain('Reason: upstream HTTP 401 (upstream_test): Incorrect API key provided');
    await saveOptions(root, { AutomaticDisableChannelEnabled: 'false' });
    await refusing.stop();
  });
});

describe('the low-balance notice across instances', () => {
  it.runIf(kinds.includes('postgres'))(
    'goes out once when two instances sharing PostgreSQL and Redis see the same crossing',
    async () => {
      const instances = await startTwoInstances();
      const { first, second } = instances;
      try {
        for (const [key, value] of [
          ['SMTPServer', '127.0.0.1'],
          ['SMTPPort', String(mail.port)],
          ['SMTPFrom', 'switchboard@switchboard.test'],
        ]) {
          await first.context.options.save(key as 'SMTPServer', value!);
        }
        await addChannel(first, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
        await second.context.bus.channelsChanged();
        const address = 'shared@switchboard.test';
        const userId = await addUser(first, 'shared-low', { quota: 2000 });
        await first.context.database.db
          .updateTable('users')
          .set({
            setting: JSON.stringify({
              notify_type: 'email',
              quota_warning_threshold: 1990,
              notification_email: address,
            }),
          })
          .where('id', '=', userId)
          .execute();
        const { apiKey } = await addToken(first, userId, { unlimited: true });
        await Promise.all(
          Array.from({ length: 6 }, (_, index) => chat(apiKey, 'gpt-4o-mini', 200, index % 2 === 0 ? first : second)),
        );
        await first.context.background.drain();
        await second.context.background.drain();
        await mail.latestTo(address);
        expect(mail.mails.filter((message) => message.to.includes(address))).toHaveLength(1);
        await first.context.redis?.del(`${instances.redisPrefix}quota-warned:${userId}`);
      } finally {
        await instances.stop();
      }
    },
  );
});
