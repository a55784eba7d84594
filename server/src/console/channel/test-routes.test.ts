import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import {
  callerForTests,
  channelBody,
  startFakeUpstream,
  type FakeUpstream,
  createChannels,
  channelView,
  expectAutoDisabled,
} from '../../testing/channel-fixtures';

const server = serverForTests();
const root = callerForTests(server);
let upstream: FakeUpstream;

const completion = (model: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1,
  model,
  choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

beforeAll(async () => {
  // The key says how the fake vendor behaves: good answers after 20 ms, slow after 400 ms, bad is refused.
  upstream = await startFakeUpstream((request) => {
    if (!request.url?.endsWith('/chat/completions')) return undefined;
    const key = String(request.headers.authorization ?? '');
    if (key.endsWith('sk-bad'))
      return { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    return { body: completion('gpt-4o-mini'), delayMilliseconds: key.endsWith('sk-slow') ? 400 : 20 };
  });
});

afterAll(async () => {
  await upstream.close();
});

const create = async (overrides: Record<string, unknown>): Promise<number> =>
  (
    await createChannels(root, { base_url: upstream.url, key: 'sk-good', models: 'gpt-4o-mini,gpt-4o', ...overrides })
  )[0] ?? 0;

const view = (id: number) => channelView(root, id);

describe('GET /api/channel/test/{id}', () => {
  it('sends a tiny chat through the relay adapter, answers the time in seconds and stores it', async () => {
    const id = await create({ name: 'tested' });
    const reply = (await root('GET', `/api/channel/test/${id}`)) as unknown as {
      success: boolean;
      message: string;
      time: number;
      data: { time: number; model: string };
    };
    expect(reply).toMatchObject({ success: true, data: { model: 'gpt-4o-mini' } });
    expect(reply.time).toBeGreaterThan(0);
    expect(reply.data.time).toBe(reply.time);
    expect(reply.message).toBe(`Test passed: gpt-4o-mini in ${reply.time} s`);
    const stored = await view(id);
    expect(stored.response_time).toBeGreaterThanOrEqual(20);
    expect(stored.test_time).toBeGreaterThan(0);
  });

  it('tests a chosen model', async () => {
    const id = await create({ name: 'chosen' });
    expect((await root('GET', `/api/channel/test/${id}?model=gpt-4o`)).data).toMatchObject({ model: 'gpt-4o' });
  });

  it('reports a failing upstream without disabling the channel on a manual test', async () => {
    await server.context.options.save('AutomaticDisableChannelEnabled', 'true');
    const id = await create({ name: 'refused', key: 'sk-bad' });
    const reply = await root('GET', `/api/channel/test/${id}`);
    expect(reply).toMatchObject({ success: false, message: 'Test failed (gpt-4o-mini): Incorrect API key provided' });
    expect((await view(id)).status).toBe(1);
    await server.context.options.save('AutomaticDisableChannelEnabled', 'false');
  });

  it('refuses the types that answer asynchronously', async () => {
    const id = await create({ name: 'music', type: 36, models: 'suno_music' });
    expect((await root('GET', `/api/channel/test/${id}`)).message).toBe('This channel type cannot be tested: Suno API');
  });
});

/** Turns the monitoring's automatic disabling and re-enabling of channels on or off together. */
async function automaticStatus(on: boolean): Promise<void> {
  await server.context.options.save('AutomaticDisableChannelEnabled', String(on));
  await server.context.options.save('AutomaticEnableChannelEnabled', String(on));
}

describe('GET /api/channel/test (all)', () => {
  it('tests every channel not manually disabled and applies the monitoring options', async () => {
    await server.context.database.db.deleteFrom('channels').execute();
    const options = server.context.options;
    await automaticStatus(true);
    await options.save('ChannelDisableThreshold', '0.3');
    const passing = await create({ name: 'passing' });
    const failing = await create({ name: 'failing', key: 'sk-bad' });
    const protectedChannel = await create({ name: 'no auto ban', key: 'sk-bad', auto_ban: 0 });
    const recovered = await create({ name: 'recovered', status: 3 });
    const manual = await create({ name: 'manual', status: 2 });
    const slow = await create({ name: 'slow', key: 'sk-slow' });

    const started = await root('GET', '/api/channel/test');
    expect(started).toMatchObject({ success: true, message: 'Testing all enabled channels has started' });
    expect((await root('GET', '/api/channel/test')).message).toBe(
      'A test of all channels is already running, try again later',
    );

    await vi.waitFor(async () => expect((await view(slow)).test_time).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect((await view(slow)).status).toBe(3), { timeout: 5_000, interval: 100 });
    expect((await view(passing)).status).toBe(1);
    expectAutoDisabled(await view(failing), 'upstream HTTP 401 (invalid_request_error): Incorrect API key provided');
    expect((await view(protectedChannel)).status).toBe(1);
    expect((await view(recovered)).status).toBe(1);
    expect(await view(manual)).toMatchObject({ status: 2, test_time: 0 });
    expect(JSON.parse((await view(slow)).other_info).status_reason).toMatch(
      /^response time 0\.\d+s exceeds the threshold of 0\.3s$/,
    );

    await automaticStatus(false);
    await options.save('ChannelDisableThreshold', '5');
  });
});

describe('GET /api/channel/test (all) on multi-key channels', () => {
  it('a refused test disables only the key it used; a passing test brings back a channel whose keys were all refused, with that key', async () => {
    await server.context.database.db.deleteFrom('channels').execute();
    await automaticStatus(true);
    const multi = async (name: string, keys: string) => {
      const reply = await root<{ ids: number[] }>('POST', '/api/channel/', {
        mode: 'multi_to_single',
        multi_key_mode: 'polling',
        channel: channelBody({ name, base_url: upstream.url, key: keys, models: 'gpt-4o-mini' }),
      });
      return reply.data!.ids[0]!;
    };
    const refusedFirst = await multi('refused first', 'sk-bad\nsk-good');
    const allRefused = await multi('all refused', 'sk-good\nsk-bad');
    await server.context.database.db
      .updateTable('channels')
      .set({
        status: 3,
        channel_info: JSON.stringify({
          is_multi_key: true,
          multi_key_size: 2,
          multi_key_mode: 'polling',
          multi_key_polling_index: 0,
          multi_key_status_list: { '0': 3, '1': 3 },
        }),
      })
      .where('id', '=', allRefused)
      .execute();

    await root('GET', '/api/channel/test');
    await vi.waitFor(async () => expect((await view(allRefused)).status).toBe(1), { timeout: 10_000, interval: 100 });
    expect((await view(allRefused)).channel_info.multi_key_status_list).toEqual({ '1': 3 });
    await vi.waitFor(
      async () => expect((await view(refusedFirst)).channel_info.multi_key_status_list).toEqual({ '0': 3 }),
      { timeout: 10_000, interval: 100 },
    );
    expect((await view(refusedFirst)).status).toBe(1);

    await automaticStatus(false);
  });
});
