import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_POLLING_JOB } from '../../jobs/task-polling';
import { FAKE_VIDEO, FakeOpenAIVideo } from '../../testing/fake-openai-video';
import { addChannel, addToken, addUser, flushAll } from '../../testing/relay-fixtures';
import { userLogsOfType } from '../../testing/log-queries';
import { storedRow, storedRows } from '../../testing/stored-rows';
import { startTestServer, type TestServer } from '../../testing/test-server';

let upstream: FakeOpenAIVideo;
let server: TestServer;

beforeAll(async () => {
  upstream = await new FakeOpenAIVideo('video-key').start();
  server = await startTestServer();
  await addChannel(server, { type: 55, baseUrl: upstream.url, key: 'video-key', models: ['sora-2', 'sora-2-pro'] });
});
afterAll(async () => {
  await server.stop();
  await upstream.stop();
});

async function customer(name: string, modelLimits?: string[]) {
  const userId = await addUser(server, name, { quota: 10_000_000 });
  const token = await addToken(server, userId, { remain: 10_000_000, modelLimits });
  return {
    userId,
    tokenId: token.id,
    client: new OpenAI({ apiKey: token.apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 }),
  };
}

const poll = () => server.context.jobs.runNow(TASK_POLLING_JOB);
const quotaOf = (userId: number) => server.context.balances.userQuota(userId);

/** The named columns of the user's log rows, once pending writes are flushed. */
async function logsOf<C extends 'model_name' | 'quota' | 'type'>(userId: number, columns: C[]) {
  await flushAll(server);
  return storedRows(server.context.database.db, 'logs', { user_id: userId }, columns);
}

describe('OpenAI video jobs through the official SDK', () => {
  it('create → billed per call → polled → completed → content downloaded', async () => {
    const { userId, client } = await customer('director');
    const created = await client.videos.create({ model: 'sora-2', prompt: 'a cat playing the piano', seconds: '8' });
    expect(created).toMatchObject({ object: 'video', status: 'queued' });
    expect(upstream.callsTo('/v1/videos').at(-1)!.headers.authorization).toBe('Bearer video-key');
    // sora-2 costs $0.3 per call: 0.3 × 500000 = 150000.
    expect(await quotaOf(userId)).toBe(10_000_000 - 150_000);
    // A retrieve of an unfinished job asks the upstream (it used to answer the stored `queued` until the
    // next background poll, 15 s later) and stores what it learns.
    expect(await client.videos.retrieve(created.id)).toMatchObject({
      id: created.id,
      status: 'completed',
      progress: 100,
      seconds: '8',
    });
    const stored = await storedRow(server.context.database.db, 'tasks', { task_id: created.id }, [
      'status',
      'progress',
    ]);
    expect(stored).toEqual({ status: 'SUCCESS', progress: '100%' });
    const content = await client.videos.downloadContent(created.id);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(FAKE_VIDEO);
    expect(await logsOf(userId, ['model_name', 'quota', 'type'])).toEqual([
      { model_name: 'sora-2', quota: 150_000, type: 2 },
    ]);
  });

  it('charges nothing when the gateway cannot store an accepted job (an upstream id that collides)', async () => {
    const { userId, client } = await customer('collider');
    const first = await client.videos.create({ model: 'sora-2', prompt: 'a red kite' });
    expect(await quotaOf(userId)).toBe(10_000_000 - 150_000);
    upstream.reusedIds.push(first.id);
    const failure = await client.videos
      .create({ model: 'sora-2', prompt: 'a blue kite' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    // Before: answered 500 and kept the charge (a log row, no task row, no refund).
    expect(await quotaOf(userId)).toBe(10_000_000 - 150_000);
    expect(await logsOf(userId, ['quota', 'type'])).toEqual([{ quota: 150_000, type: 2 }]);
  });

  it('asks the upstream about an unfinished job at most once per interval, however often its client polls', async () => {
    const { client } = await customer('impatient');
    const created = await client.videos.create({ model: 'sora-2', prompt: 'stall a while' });
    const reads = () => upstream.callsTo(`/v1/videos/${created.id}`).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.videos.retrieve(created.id)));
    for (const answer of answers) expect(answer).toMatchObject({ id: created.id, status: 'in_progress', progress: 40 });
    for (let call = 0; call < 5; call += 1) await client.videos.retrieve(created.id);
    expect(reads()).toBe(1);
  });

  it('refunds a job whose retrieve learns it failed, once', async () => {
    const { userId, client } = await customer('retrieve-fails');
    const created = await client.videos.create({ model: 'sora-2', prompt: 'this will fail too' });
    expect(await client.videos.retrieve(created.id)).toMatchObject({
      status: 'failed',
      error: { code: 'moderation_blocked' },
    });
    await poll();
    expect(await quotaOf(userId)).toBe(10_000_000);
    await flushAll(server);
    const refunds = await userLogsOfType(server, userId, 4);
    expect(refunds).toHaveLength(1);
  });

  it('bills per second when ModelPrice has `<model>/second`', async () => {
    await server.context.options.save('ModelPrice', JSON.stringify({ 'sora-2': 0.3, 'sora-2-pro/second': 0.5 }));
    try {
      const { userId, client } = await customer('pro-director');
      await client.videos.create({ model: 'sora-2-pro', prompt: 'a cat', seconds: '12' });
      // 12 s × $0.5 × 500000 = 3000000
      expect(await quotaOf(userId)).toBe(10_000_000 - 3_000_000);
    } finally {
      await server.context.options.save('ModelPrice', JSON.stringify({ 'sora-2': 0.3, 'sora-2-pro': 0.5 }));
    }
  });

  it('a failed job reads as failed and is refunded once', async () => {
    const { userId, tokenId, client } = await customer('blocked-director');
    const created = await client.videos.create({ model: 'sora-2', prompt: 'this will fail' });
    await poll();
    await poll();
    expect(await client.videos.retrieve(created.id)).toMatchObject({
      status: 'failed',
      error: { code: 'moderation_blocked' },
    });
    expect(await quotaOf(userId)).toBe(10_000_000);
    expect(await server.context.balances.tokenRemain(tokenId)).toBe(10_000_000);
    await expect(client.videos.downloadContent(created.id)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses what it must before the upstream sees it, and hides other users’ jobs', async () => {
    const before = upstream.callsTo('/v1/videos').length;
    const limited = await customer('limited-director', ['sora-2-pro']);
    await expect(limited.client.videos.create({ model: 'sora-2', prompt: 'a cat' })).rejects.toMatchObject({
      status: 403,
      code: 'model_not_allowed',
    });
    await expect(
      limited.client.videos.create({ model: 'sora-2-pro', prompt: 'a cat', seconds: 'ten' as '4' }),
    ).rejects.toMatchObject({ status: 400 });
    await server.context.options.save('TaskEnabled', 'false');
    await expect(limited.client.videos.create({ model: 'sora-2-pro', prompt: 'a cat' })).rejects.toMatchObject({
      status: 403,
      code: 'task_disabled',
    });
    await server.context.options.save('TaskEnabled', 'true');
    expect(upstream.callsTo('/v1/videos').length).toBe(before);

    const owner = await customer('owner-director');
    const created = await owner.client.videos.create({ model: 'sora-2', prompt: 'mine' });
    await expect(limited.client.videos.retrieve(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('answers 502 and charges nothing when the upstream refuses the channel key', async () => {
    await server.context.options.save(
      'ModelPrice',
      JSON.stringify({ 'sora-2': 0.3, 'sora-2-pro': 0.5, 'sora-bad-key': 0.1 }),
    );
    await addChannel(server, { type: 55, baseUrl: upstream.url, key: 'wrong-key', models: ['sora-bad-key'] });
    const { userId, client } = await customer('bad-key-director');
    await expect(client.videos.create({ model: 'sora-bad-key', prompt: 'a cat' })).rejects.toMatchObject({
      status: 502,
    });
    expect(await quotaOf(userId)).toBe(10_000_000);
  });
});
