import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRealtimeUpstream, realtimeUsage } from '../../testing/fake-realtime-upstream';
import { openRealtime } from '../../testing/realtime-client';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { userLogsOfType } from '../../testing/log-queries';
import { grantSubscription, subscriptionUsed } from '../../testing/subscription-fixtures';
import { startTestServer, type TestServer } from '../../testing/test-server';

const MODEL = 'gpt-4o-realtime-preview';
const TOKEN = 5_000_000;

let upstream: FakeRealtimeUpstream;
let server: TestServer;

beforeAll(async () => {
  upstream = await new FakeRealtimeUpstream().start();
  server = await startTestServer();
  await addChannel(server, { baseUrl: upstream.url, models: [MODEL] });
});
afterAll(async () => {
  await server.stop();
  await upstream.stop();
});

describe('realtime sessions paid by a subscription', () => {
  it('a user with an empty wallet talks on the subscription: each turn spends it and the token, the session logs once', async () => {
    const userId = await addUser(server, 'subscribed-talker', { quota: 0 });
    const token = await addToken(server, userId, { remain: TOKEN });
    const subscriptionId = await grantSubscription(server, userId, 0);
    upstream.behaviour = {
      usages: [
        realtimeUsage({ inputText: 10, inputAudio: 0, outputText: 5, outputAudio: 0 }),
        realtimeUsage({ inputText: 20, inputAudio: 0, outputText: 30, outputAudio: 0 }),
      ],
    };

    const probe = await openRealtime(`${server.url.replace(/^http/, 'ws')}/v1/realtime?model=${MODEL}`, {
      headers: { authorization: `Bearer ${token.apiKey}` },
    });
    await probe.next('session.created');
    probe.send({ type: 'response.create', response: { modalities: ['text'] } });
    await probe.next('response.done');
    probe.send({ type: 'response.create', response: { modalities: ['text'] } });
    await probe.next('response.done');
    probe.socket.close();

    await expect
      .poll(async () => {
        await flushAll(server);
        return (await userLogsOfType(server, userId, 2)).length;
      })
      .toBe(1);
    const [log] = await userLogsOfType(server, userId, 2);
    const cost = Number(log!.quota);
    expect(cost).toBeGreaterThan(0);
    expect(await subscriptionUsed(server, subscriptionId)).toBe(cost);
    expect(await server.context.balances.userQuota(userId)).toBe(0);
    expect(await server.context.balances.tokenRemain(token.id)).toBe(TOKEN - cost);
  });
});
