import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_POLLING_JOB } from '../../jobs/task-polling';
import { FakeSuno } from '../../testing/fake-suno';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { userLogsOfType } from '../../testing/log-queries';
import { grantSubscription, subscriptionUsed } from '../../testing/subscription-fixtures';
import { startTestServer, type TestServer } from '../../testing/test-server';

// suno_music costs $0.1 per call (50000).
const MUSIC = 50_000;
const WALLET = 1_000_000;
const TOKEN = 400_000;

let suno: FakeSuno;
let server: TestServer;

beforeAll(async () => {
  suno = await new FakeSuno('suno-key').start();
  server = await startTestServer();
  await addChannel(server, { type: 36, baseUrl: suno.url, key: 'suno-key', models: ['suno_music'] });
});
afterAll(async () => {
  await server.stop();
  await suno.stop();
});

const submit = async (apiKey: string, prompt: string) => {
  const response = await server.call('/suno/submit/music', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ prompt }),
  });
  return { status: response.status, body: (await response.json()) as { code: string; data: string } };
};
const poll = () => server.context.jobs.runNow(TASK_POLLING_JOB);

describe('tasks paid by a subscription', () => {
  it('spends the subscription (and the token), not the wallet; a failed task gives its price back to the subscription once', async () => {
    const userId = await addUser(server, 'subscribed-singer', { quota: WALLET });
    const token = await addToken(server, userId, { remain: TOKEN });
    const subscriptionId = await grantSubscription(server, userId, 10 * MUSIC);

    expect((await submit(token.apiKey, '[Verse] a fox in the snow')).status).toBe(200);
    const failing = await submit(token.apiKey, 'this will fail');
    expect(failing.body.code).toBe('success');
    expect(await subscriptionUsed(server, subscriptionId)).toBe(2 * MUSIC);
    expect(await server.context.balances.userQuota(userId)).toBe(WALLET);
    expect(await server.context.balances.tokenRemain(token.id)).toBe(TOKEN - 2 * MUSIC);
    const row = await server.context.database.db
      .selectFrom('tasks')
      .select('subscription_id')
      .where('task_id', '=', failing.body.data)
      .executeTakeFirstOrThrow();
    expect(Number(row.subscription_id)).toBe(subscriptionId);

    await poll();
    await poll();
    await poll();
    expect(await subscriptionUsed(server, subscriptionId)).toBe(MUSIC);
    expect(await server.context.balances.userQuota(userId)).toBe(WALLET);
    expect(await server.context.balances.tokenRemain(token.id)).toBe(TOKEN - MUSIC);
    await flushAll(server);
    const refunds = await userLogsOfType(server, userId, 4);
    expect(refunds).toHaveLength(1);
  });

  it('is refused when the subscription cannot pay and the plan keeps the wallet out (subscription_only)', async () => {
    const userId = await addUser(server, 'capped-singer', { quota: WALLET });
    const token = await addToken(server, userId, { unlimited: true });
    const subscriptionId = await grantSubscription(server, userId, MUSIC - 1);
    await server.context.database.db
      .updateTable('users')
      .set({ setting: JSON.stringify({ billing_preference: 'subscription_only' }) })
      .where('id', '=', userId)
      .execute();
    const refused = await submit(token.apiKey, 'too big');
    expect(refused.status).toBe(403);
    expect(await subscriptionUsed(server, subscriptionId)).toBe(0);
    expect(await server.context.balances.userQuota(userId)).toBe(WALLET);
  });
});
