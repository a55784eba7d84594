import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody, startLoopbackServer, type LoopbackServer } from '../../testing/loopback-server';
import { serverForTests } from '../../testing/test-server';
import { MODEL_UPDATE_JOB } from './model-update-task';
import { callerForTests, channelBody, startFakeUpstream, type FakeUpstream } from '../../testing/channel-fixtures';

const server = serverForTests();
const root = callerForTests(server);
let upstream: FakeUpstream;
let receiver: LoopbackServer;
const hooks: Array<Record<string, unknown>> = [];
let listed = ['n-1', 'n-2'];

beforeAll(async () => {
  upstream = await startFakeUpstream((request) =>
    (request.url ?? '') === '/v1/models' ? { body: { data: listed.map((id) => ({ id })) } } : undefined,
  );
  receiver = await startLoopbackServer((request, response) => {
    void readJsonBody(request).then((body) => {
      hooks.push(body);
      response.writeHead(204).end();
    });
  });
  expect((await root('PUT', '/api/option/', { key: 'WebhookInternalAddressEnabled', value: 'true' })).success).toBe(
    true,
  );
  await server.context.database.db
    .updateTable('users')
    .set({ setting: JSON.stringify({ notify_type: 'webhook', webhook_url: `${receiver.url}/hook` }) })
    .where('username', '=', 'root')
    .execute();
});

afterAll(async () => {
  await receiver.stop();
  await upstream.close();
});

describe('upstream model change notices', () => {
  it('tells root once which channels changed upstream, then keeps quiet for a day', async () => {
    const created = await root<{ ids: number[] }>(
      'POST',
      '/api/channel/',
      channelBody({
        name: 'noisy vendor',
        base_url: upstream.url,
        key: 'sk-up',
        models: 'n-1,n-0',
        setting: JSON.stringify({ upstream_model_update_check_enabled: true }),
      }),
    );
    expect(created.success, created.message).toBe(true);
    expect(await server.context.jobs.runNow(MODEL_UPDATE_JOB)).toBe('ran');
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ type: 'channel_model_update' });
    expect(String(hooks[0]?.content)).toContain(
      `"noisy vendor" (#${created.data?.ids[0]}): 1 new, 1 gone, 0 added automatically`,
    );

    listed = ['n-1', 'n-2', 'n-3'];
    await root('POST', '/api/channel/upstream_updates/detect_all');
    await expect
      .poll(async () => (await server.context.jobs.status()).find((job) => job.name === MODEL_UPDATE_JOB)?.runCount)
      .toBe(2);
    expect(hooks).toHaveLength(1);
  });
});
