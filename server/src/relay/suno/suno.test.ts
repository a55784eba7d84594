import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_POLLING_JOB } from '../../jobs/task-polling';
import { FakeSuno } from '../../testing/fake-suno';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { userLogs, userLogsOfType } from '../../testing/log-queries';
import { serverForTests } from '../../testing/test-server';

// suno_music costs $0.1 per call (50000), suno_lyrics $0.01 (5000).
const MUSIC = 50_000;
const LYRICS = 5_000;

const suno = new FakeSuno('suno-key').forTests();
const server = serverForTests({ environment: { TASK_TIMEOUT_MINUTES: '10' } });

beforeAll(async () => {
  await addChannel(server, { type: 36, baseUrl: suno.url, key: 'suno-key', models: ['suno_music', 'suno_lyrics'] });
});

async function customer(name: string, values: { quota?: number; modelLimits?: string[] } = {}) {
  const userId = await addUser(server, name, { quota: values.quota ?? 1_000_000 });
  const token = await addToken(server, userId, { unlimited: true, modelLimits: values.modelLimits });
  return { userId, apiKey: token.apiKey };
}

async function call(path: string, apiKey: string, body?: unknown) {
  const response = await server.call(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: string; message: string; data: any } };
}

const poll = () => server.context.jobs.runNow(TASK_POLLING_JOB);
const quotaOf = (userId: number) => server.context.balances.userQuota(userId);

describe('Suno tasks', () => {
  it('submit → billed → polled → SUCCESS; fetched single and in a batch in the Suno API shape', async () => {
    const { userId, apiKey } = await customer('singer');
    const music = await call('/suno/submit/music', apiKey, {
      prompt: '[Verse] a fox in the snow',
      tags: 'folk',
      mv: 'chirp-v3-5',
    });
    expect(music).toMatchObject({ status: 200, body: { code: 'success', data: expect.any(String) } });
    expect(suno.callsTo('/suno/submit/music').at(-1)!.headers.authorization).toBe('Bearer suno-key');
    const lyrics = await call('/suno/submit/lyrics', apiKey, { prompt: 'a fox' });
    expect(await quotaOf(userId)).toBe(1_000_000 - MUSIC - LYRICS);

    expect((await call(`/suno/fetch/${music.body.data}`, apiKey)).body.data).toMatchObject({
      task_id: music.body.data,
      action: 'MUSIC',
      status: 'SUBMITTED',
    });
    await poll();
    const single = await call(`/suno/fetch/${music.body.data}`, apiKey);
    expect(single.body).toMatchObject({
      code: 'success',
      data: { status: 'SUCCESS', progress: '100%', data: [{ audio_url: 'https://cdn1.suno.ai/c1d2e3f4.mp3' }] },
    });
    const batch = await call('/suno/fetch', apiKey, { ids: [music.body.data, lyrics.body.data] });
    expect(batch.body.data.map((task: { action: string; status: string }) => [task.action, task.status])).toEqual([
      ['MUSIC', 'SUCCESS'],
      ['LYRICS', 'SUCCESS'],
    ]);
    await flushAll(server);
    expect(await userLogs(server, userId, ['model_name', 'quota'])).toEqual([
      expect.objectContaining({ model_name: 'suno_music', quota: MUSIC }),
      expect.objectContaining({ model_name: 'suno_lyrics', quota: LYRICS }),
    ]);
  });

  it('refunds a failed task once and fails a task stalled past TASK_TIMEOUT_MINUTES', async () => {
    const { userId, apiKey } = await customer('unlucky-singer');
    const failed = await call('/suno/submit/music', apiKey, { prompt: 'this will fail' });
    const stalled = await call('/suno/submit/music', apiKey, { prompt: 'stall please' });
    expect(await quotaOf(userId)).toBe(1_000_000 - 2 * MUSIC);
    await poll();
    await poll();
    expect((await call(`/suno/fetch/${failed.body.data}`, apiKey)).body.data).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'content policy',
    });
    expect((await call(`/suno/fetch/${stalled.body.data}`, apiKey)).body.data).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '30%',
    });
    expect(await quotaOf(userId)).toBe(1_000_000 - MUSIC);

    const elevenMinutesAgo = Math.floor(Date.now() / 1000) - 11 * 60;
    await server.context.database.db
      .updateTable('tasks')
      .set({ submit_time: elevenMinutesAgo })
      .where('task_id', '=', stalled.body.data)
      .execute();
    await poll();
    expect((await call(`/suno/fetch/${stalled.body.data}`, apiKey)).body.data).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'The task timed out',
    });
    expect(await quotaOf(userId)).toBe(1_000_000);
    await flushAll(server);
    const refunds = await userLogsOfType(server, userId, 4);
    expect(refunds).toHaveLength(2);
  });

  it('refusals submit nothing: tasks disabled, model not allowed, no quota, unknown action', async () => {
    const before = suno.callsTo('/suno/submit').length;
    const { apiKey } = await customer('refused-singer');
    await server.context.options.save('TaskEnabled', 'false');
    const disabled = await call('/suno/submit/music', apiKey, { prompt: 'x' });
    await server.context.options.save('TaskEnabled', 'true');
    expect(disabled).toMatchObject({
      status: 403,
      body: { code: 'task_disabled', message: expect.stringContaining('Async tasks are disabled on this gateway') },
    });
    const limited = await customer('limited-singer', { modelLimits: ['suno_lyrics'] });
    expect((await call('/suno/submit/music', limited.apiKey, { prompt: 'x' })).body.code).toBe('model_not_allowed');
    const broke = await customer('broke-singer', { quota: 0 });
    expect((await call('/suno/submit/music', broke.apiKey, { prompt: 'x' })).status).toBe(403);
    expect((await call('/suno/submit/video', apiKey, { prompt: 'x' })).body.code).toBe('unknown_action');
    expect((await call('/suno/fetch', apiKey, { ids: 'not-a-list' })).status).toBe(400);
    expect(suno.callsTo('/suno/submit').length).toBe(before);
  });

  it('shows users only their own tasks', async () => {
    const owner = await customer('owner-singer');
    const other = await customer('other-singer');
    const music = await call('/suno/submit/music', owner.apiKey, { prompt: 'mine' });
    expect((await call(`/suno/fetch/${music.body.data}`, other.apiKey)).status).toBe(404);
    expect((await call('/suno/fetch', other.apiKey, { ids: [music.body.data] })).body.data).toEqual([]);
  });
});
