import { beforeAll, describe, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import { TASK_POLLING_JOB } from '../../jobs/task-polling';
import { FakeFileServer } from '../../testing/fake-file-server';
import { FAKE_IMAGE, FakeMidjourneyProxy } from '../../testing/fake-midjourney-proxy';
import { consoleClient } from '../../testing/console-client';
import { DRAWING_IMAGE_RATE } from './drawing-images';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { serverForTests, signIn } from '../../testing/test-server';

// mj_imagine costs $0.1 per call: 0.1 × 500000 = 50000; mj_upscale $0.05 = 25000.
const IMAGINE = 50_000;
const UPSCALE = 25_000;

const proxy = new FakeMidjourneyProxy('mj-secret').forTests();
const server = serverForTests();
let channelId: number;

beforeAll(async () => {
  await server.context.options.save('ServerAddress', 'https://gateway.example');
  channelId = await addChannel(server, {
    type: 2,
    baseUrl: proxy.url,
    key: 'mj-secret',
    models: ['mj_imagine', 'mj_upscale', 'mj_variation'],
  });
});

async function newCustomer(name: string, quota = 1_000_000, modelLimits?: string[]) {
  const userId = await addUser(server, name, { quota });
  const token = await addToken(server, userId, { remain: quota, modelLimits });
  return { userId, token };
}

async function mj(
  path: string,
  apiKey: string,
  body?: unknown,
  header: 'authorization' | 'mj-api-secret' = 'authorization',
) {
  const response = await server.call(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      [header]: header === 'authorization' ? `Bearer ${apiKey}` : apiKey,
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const poll = () => server.context.jobs.runNow(TASK_POLLING_JOB);
const quotaOf = (userId: number) => server.context.balances.userQuota(userId);

async function logsOf(userId: number) {
  await flushAll(server);
  return server.context.database.db
    .selectFrom('logs')
    .select(['type', 'quota', 'model_name', 'content', 'channel_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe('drawing tasks through a midjourney-proxy channel', () => {
  it('submit → billed once → polled → SUCCESS with the image behind the gateway', async () => {
    const { userId, token } = await newCustomer('painter');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, {
      prompt: 'a red fox',
      notifyHook: 'http://example/hook',
    });
    expect(submitted).toMatchObject({ status: 200, body: { code: 1 } });
    const mjId = submitted.body.result as string;
    expect(proxy.tasks.has(mjId)).toBe(true);
    // MjNotifyEnabled is off by default: the hook is not forwarded.
    expect(JSON.parse(proxy.callsTo('/mj/submit/imagine').at(-1)!.body.toString())).not.toHaveProperty('notifyHook');
    expect(await quotaOf(userId)).toBe(1_000_000 - IMAGINE);
    expect(await logsOf(userId)).toEqual([
      expect.objectContaining({ type: 2, quota: IMAGINE, model_name: 'mj_imagine', channel_id: channelId }),
    ]);

    const before = await mj(`/mj/task/${mjId}/fetch`, token.apiKey);
    expect(before.body).toMatchObject({
      id: mjId,
      action: 'IMAGINE',
      prompt: 'a red fox',
      status: 'SUBMITTED',
      imageUrl: '',
    });

    expect(await poll()).toBe('ran');
    const after = await mj(`/mj/task/${mjId}/fetch`, token.apiKey);
    expect(after.body).toMatchObject({
      id: mjId,
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `https://gateway.example/mj/image/${mjId}`,
    });
    expect(after.body.buttons).toHaveLength(2);

    const image = await server.call(`/mj/image/${mjId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_IMAGE);
    expect(await quotaOf(userId)).toBe(1_000_000 - IMAGINE);

    // A button of the finished drawing runs on the same channel and is billed as its own action.
    const upscale = await mj('/mj/submit/action', token.apiKey, {
      taskId: mjId,
      customId: 'MJ::JOB::upsample::1::8a5c',
    });
    expect(upscale.body.code).toBe(1);
    expect(await quotaOf(userId)).toBe(1_000_000 - IMAGINE - UPSCALE);
    const listed = await mj('/mj/task/list-by-condition', token.apiKey, { ids: [mjId, upscale.body.result] });
    expect(listed.body.map((task: { action: string }) => task.action)).toEqual(['IMAGINE', 'UPSCALE']);
  });

  it('takes the key from mj-api-secret and a leading mode segment, which is not forwarded', async () => {
    const { token } = await newCustomer('mode-user');
    const submitted = await mj(
      '/mj-fast/mj/submit/imagine',
      token.apiKey,
      { prompt: 'a fox --relax' },
      'mj-api-secret',
    );
    expect(submitted.body.code).toBe(1);
    const forwarded = proxy.received.at(-1)!;
    expect(forwarded.path).toBe('/mj/submit/imagine');
    expect(forwarded.headers['mj-api-secret']).toBe('mj-secret');
    expect(JSON.parse(forwarded.body.toString()).prompt).toBe('a fox --relax');

    await server.context.options.save('MjModeClearEnabled', 'true');
    await mj('/mj-turbo/mj/submit/imagine', token.apiKey, { prompt: 'a fox --relax --turbo' });
    await server.context.options.save('MjModeClearEnabled', 'false');
    expect(JSON.parse(proxy.received.at(-1)!.body.toString()).prompt).toBe('a fox');
  });

  it('shows and logs an upstream fail reason without the channel key in it', async () => {
    const { userId, token } = await newCustomer('leaky');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'please fail and leak' });
    await poll();
    const task = await mj(`/mj/task/${submitted.body.result}/fetch`, token.apiKey);
    expect(task.body).toMatchObject({ status: 'FAILURE', failReason: 'Discord refused the account behind secret ***' });
    const logs = await logsOf(userId);
    expect(logs.some((log) => log.type === 4)).toBe(true);
    expect(JSON.stringify(logs)).not.toContain('mj-secret');
  });

  it('refunds a failed drawing exactly once, with a system log', async () => {
    const { userId, token } = await newCustomer('unlucky');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'please fail' });
    expect(await quotaOf(userId)).toBe(1_000_000 - IMAGINE);
    await poll();
    await poll();
    const task = await mj(`/mj/task/${submitted.body.result}/fetch`, token.apiKey);
    expect(task.body).toMatchObject({ status: 'FAILURE', failReason: 'Banned prompt detected' });
    expect(await quotaOf(userId)).toBe(1_000_000);
    expect(await server.context.balances.tokenRemain(token.id)).toBe(1_000_000);
    const logs = await logsOf(userId);
    expect(logs.filter((log) => log.type === 4)).toEqual([
      expect.objectContaining({ content: expect.stringContaining(`构图失败 ${submitted.body.result}`) }),
    ]);
  });

  it('fails and refunds a drawing still unfinished an hour after its submit', async () => {
    const { userId, token } = await newCustomer('patient');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'stall forever' });
    await poll();
    expect((await mj(`/mj/task/${submitted.body.result}/fetch`, token.apiKey)).body).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '45%',
    });
    expect(await quotaOf(userId)).toBe(1_000_000 - IMAGINE);
    await server.context.database.db
      .updateTable('midjourneys')
      .set({ submit_time: Date.now() - 61 * 60 * 1000 })
      .where('mj_id', '=', submitted.body.result)
      .execute();
    await poll();
    expect((await mj(`/mj/task/${submitted.body.result}/fetch`, token.apiKey)).body).toMatchObject({
      status: 'FAILURE',
      failReason: 'The task timed out',
    });
    // The gateway's own reason reads in the caller's language (it used to be stored and shown in English only).
    const inChinese = await server.call(`/mj/task/${submitted.body.result}/fetch`, {
      headers: { authorization: `Bearer ${token.apiKey}`, 'accept-language': 'zh-CN' },
    });
    expect(await inChinese.json()).toMatchObject({ status: 'FAILURE', failReason: '任务超时' });
    expect(await quotaOf(userId)).toBe(1_000_000);
  });

  it('answers codes 21 (exists) and 22 (queued) as 1 and charges them like an accepted task', async () => {
    const { userId, token } = await newCustomer('repeat-user');
    const existing = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'it exists already' });
    const queued = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'a queued fox' });
    expect([existing.body.code, queued.body.code]).toEqual([1, 1]);
    expect(await quotaOf(userId)).toBe(1_000_000 - 2 * IMAGINE);
    expect((await mj(`/mj/task/${existing.body.result}/fetch`, token.apiKey)).body).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `https://gateway.example/mj/image/${existing.body.result}`,
    });
    expect((await mj(`/mj/task/${queued.body.result}/fetch`, token.apiKey)).body).toMatchObject({
      status: 'SUBMITTED',
    });
  });

  it('does not charge a submit the proxy refuses (code 24)', async () => {
    const { userId, token } = await newCustomer('refused');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'refuse this' });
    expect(submitted.body.code).toBe(24);
    expect(await quotaOf(userId)).toBe(1_000_000);
    expect(await logsOf(userId)).toEqual([]);
    // The drawing list shows the refused submit with its code and reason (spec 001 §4), charged nothing.
    const owner = consoleClient(server, await signIn(server, 'refused', 'password123'));
    const listed = await owner<unknown>('GET', '/mj/self/');
    const rows = (Array.isArray(listed.data) ? listed.data : (listed.data as { items: unknown[] }).items) as Array<
      Record<string, unknown>
    >;
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'IMAGINE',
        code: 24,
        status: 'FAILURE',
        quota: 0,
        fail_reason: expect.stringMatching(/.+/),
        prompt: 'refuse this',
      }),
    ]);
    expect(await poll()).toBe('ran');
    expect(await quotaOf(userId)).toBe(1_000_000);
    expect(await logsOf(userId)).toEqual([]);
  });

  it('answers image addresses under the origin the client called when ServerAddress is empty', async () => {
    const { token } = await newCustomer('no-address');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'a quiet harbour' });
    const mjId = submitted.body.result as string;
    await poll();
    await server.context.options.save('ServerAddress', '');
    try {
      const fetched = await mj(`/mj/task/${mjId}/fetch`, token.apiKey);
      expect(fetched.body.imageUrl).toBe(`${server.url}/mj/image/${mjId}`);
      const image = await fetch(fetched.body.imageUrl as string);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_IMAGE);
    } finally {
      await server.context.options.save('ServerAddress', 'https://gateway.example');
    }
  });

  it('refusals submit nothing: no quota, model not allowed, drawing disabled, unfinished task', async () => {
    const submits = () => proxy.callsTo('/mj/submit').length;
    const before = submits();
    const broke = await addToken(server, await addUser(server, 'broke', { quota: 0 }), { unlimited: true });
    expect((await mj('/mj/submit/imagine', broke.apiKey, { prompt: 'a fox' })).status).toBe(403);
    const short = await newCustomer('short', 10_000);
    const refusal = await mj('/mj/submit/imagine', short.token.apiKey, { prompt: 'a fox' });
    expect(refusal).toMatchObject({
      status: 403,
      body: { code: 4, description: expect.stringContaining('Insufficient user quota') },
    });
    const userId = await addUser(server, 'small-token', { quota: 1_000_000 });
    const smallToken = await addToken(server, userId, { remain: 10_000 });
    expect((await mj('/mj/submit/imagine', smallToken.apiKey, { prompt: 'a fox' })).body.description).toContain(
      'Insufficient API key quota',
    );
    const limited = await newCustomer('limited', 1_000_000, ['gpt-4o']);
    expect((await mj('/mj/submit/imagine', limited.token.apiKey, { prompt: 'a fox' })).body.description).toContain(
      'may not use the model mj_imagine',
    );

    const { token } = await newCustomer('waiting');
    const stalled = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'stall a while' });
    const beforeAction = submits();
    const early = await mj('/mj/submit/change', token.apiKey, {
      taskId: stalled.body.result,
      action: 'UPSCALE',
      index: 1,
    });
    expect(early).toMatchObject({ status: 400, body: { code: 4 } });
    expect(submits()).toBe(beforeAction);

    await server.context.options.save('DrawingEnabled', 'false');
    const disabled = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'a fox' });
    const inChinese = await server.call('/mj/submit/imagine', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.apiKey}`,
        'content-type': 'application/json',
        'accept-language': 'zh-CN',
      },
      body: JSON.stringify({ prompt: 'a fox' }),
    });
    await server.context.options.save('DrawingEnabled', 'true');
    expect(((await inChinese.json()) as { description: string }).description).toContain('绘图功能已关闭');
    expect(disabled).toMatchObject({
      status: 403,
      body: { description: expect.stringContaining('Drawing is disabled on this gateway') },
    });
    expect(submits()).toBe(before + 1);
  });

  it('shows users only their own tasks', async () => {
    const owner = await newCustomer('owner');
    const other = await newCustomer('other');
    const submitted = await mj('/mj/submit/imagine', owner.token.apiKey, { prompt: 'mine' });
    expect((await mj(`/mj/task/${submitted.body.result}/fetch`, other.token.apiKey)).status).toBe(404);
    expect((await mj('/mj/task/list-by-condition', other.token.apiKey, { ids: [submitted.body.result] })).body).toEqual(
      [],
    );
    expect(
      (
        await mj('/mj/submit/action', other.token.apiKey, {
          taskId: submitted.body.result,
          customId: 'MJ::JOB::upsample::1::x',
        })
      ).status,
    ).toBe(404);
    const rows = await server.context.database.db
      .selectFrom('midjourneys')
      .select(['user_id', 'quota', 'model_name'])
      .where('mj_id', '=', submitted.body.result)
      .execute();
    expect(rows.map((row) => [toNumber(row.user_id), toNumber(row.quota), row.model_name])).toEqual([
      [owner.userId, IMAGINE, 'mj_imagine'],
    ]);
  });

  it('honours the drawing options: forwarded image URLs, notify hooks, account filters, simple changes, image seeds', async () => {
    const { token } = await newCustomer('options-user');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, {
      prompt: 'a fox',
      accountFilter: { channelId: '42' },
    });
    expect(JSON.parse(proxy.received.at(-1)!.body.toString())).not.toHaveProperty('accountFilter');
    await poll();
    await server.context.options.save('MjForwardUrlEnabled', 'false');
    const raw = await mj(`/mj/task/${submitted.body.result}/fetch`, token.apiKey);
    await server.context.options.save('MjForwardUrlEnabled', 'true');
    expect(raw.body.imageUrl).toBe(`${proxy.url}/images/${submitted.body.result}.png`);

    await server.context.options.save('MjNotifyEnabled', 'true');
    await server.context.options.save('MjAccountFilterEnabled', 'true');
    const variation = await mj('/mj/submit/simple-change', token.apiKey, {
      content: `${submitted.body.result} V2`,
      notifyHook: 'http://hook.example/mj',
      accountFilter: { channelId: '42' },
    });
    await server.context.options.save('MjNotifyEnabled', 'false');
    await server.context.options.save('MjAccountFilterEnabled', 'false');
    expect(variation.body.code).toBe(1);
    expect(JSON.parse(proxy.received.at(-1)!.body.toString())).toMatchObject({
      notifyHook: 'http://hook.example/mj',
      accountFilter: { channelId: '42' },
    });
    expect((await mj(`/mj/task/${variation.body.result}/fetch`, token.apiKey)).body).toMatchObject({
      action: 'VARIATION',
      prompt: 'a fox',
    });
    expect((await mj('/mj/submit/simple-change', token.apiKey, { content: 'nonsense' })).status).toBe(400);

    const seed = await mj(`/mj/task/${submitted.body.result}/image-seed`, token.apiKey);
    expect(seed.body).toMatchObject({ code: 1, result: '1234567' });
  });

  it('fetches a drawing image on the origin of its channel, but refuses another internal address', async () => {
    const { token } = await newCustomer('elsewhere-viewer');
    const elsewhere = await new FakeFileServer().start();
    proxy.imageBase = elsewhere.url;
    try {
      const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'a fox drawn elsewhere' });
      await poll();
      const refused = await server.call(`/mj/image/${submitted.body.result}`, { headers: { 'accept-language': 'en' } });
      expect(refused.status).toBe(502);
      expect(await refused.json()).toMatchObject({
        code: 4,
        description: expect.stringContaining(`Could not fetch the image of drawing ${submitted.body.result}`),
      });
      expect(elsewhere.requests).toBe(0);
    } finally {
      proxy.imageBase = '';
      await elsewhere.stop();
    }
  });

  it('fails over to the next channel when a proxy cannot be reached, and bills once', async () => {
    const { userId, token } = await newCustomer('failover-user');
    await addChannel(server, {
      type: 2,
      name: 'dead proxy',
      baseUrl: 'http://127.0.0.1:9',
      key: 'mj-secret',
      models: ['mj_describe'],
      priority: 10,
    });
    const working = await addChannel(server, {
      type: 2,
      baseUrl: proxy.url,
      key: 'mj-secret',
      models: ['mj_describe'],
    });
    await server.context.options.save('RetryTimes', '1');
    const described = await mj('/mj/submit/describe', token.apiKey, { base64: 'data:image/png;base64,AAAA' });
    await server.context.options.save('RetryTimes', '0');
    expect(described.body.code).toBe(1);
    // mj_describe costs $0.05 per call: 25000.
    expect(await quotaOf(userId)).toBe(1_000_000 - 25_000);
    const rows = await server.context.database.db
      .selectFrom('midjourneys')
      .select('channel_id')
      .where('mj_id', '=', described.body.result)
      .execute();
    expect(rows.map((row) => toNumber(row.channel_id))).toEqual([working]);
  });

  // Last: it spends this client address's image requests of the window.
  it('serves a finished drawing from its cache: 10 requests fetch it once; a client over the rate gets 429', async () => {
    const { token } = await newCustomer('image-viewer');
    const submitted = await mj('/mj/submit/imagine', token.apiKey, { prompt: 'a cached fox' });
    await poll();
    const imagePath = `/images/${submitted.body.result}.png`;
    const views = await Promise.all(
      Array.from({ length: 10 }, () => server.call(`/mj/image/${submitted.body.result}`)),
    );
    for (const view of views) {
      expect(view.status).toBe(200);
      expect(Buffer.from(await view.arrayBuffer())).toEqual(FAKE_IMAGE);
    }
    expect(proxy.callsTo(imagePath)).toHaveLength(1);
    // 30 image requests per client address and minute: within 61 more, one window runs over whatever its start.
    let refused: Response | null = null;
    for (let attempt = 0; attempt < 2 * DRAWING_IMAGE_RATE.requests + 1 && !refused; attempt += 1) {
      const view = await server.call(`/mj/image/${submitted.body.result}`, { headers: { 'accept-language': 'en' } });
      if (view.status === 429) refused = view;
      else await view.arrayBuffer();
    }
    expect(refused?.status).toBe(429);
    expect(await refused?.json()).toMatchObject({ code: 4, description: expect.stringContaining('Too many requests') });
    expect(proxy.callsTo(imagePath)).toHaveLength(1);
  });
});
