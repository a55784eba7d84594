import type { ModelUpdateApplyAllResult, ModelUpdateApplyResult, ModelUpdateDetection } from '@switchboard/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../testing/test-server';
import { MODEL_UPDATE_JOB } from './model-update-task';
import { ignoreMatcher } from './model-updates';
import {
  callerForTests,
  startFakeUpstream,
  type FakeUpstream,
  createChannels,
  channelView,
} from '../../testing/channel-fixtures';

await describeOnEachDatabase('upstream model updates on %s', (server) => {
  const root = callerForTests(server);
  let upstream: FakeUpstream;
  let listed: string[] = [];
  let delayMilliseconds = 0;

  beforeAll(async () => {
    upstream = await startFakeUpstream((request) =>
      (request.url ?? '').startsWith('/v1/models')
        ? { body: { object: 'list', data: listed.map((id) => ({ id, object: 'model' })) }, delayMilliseconds }
        : undefined,
    );
  });

  afterAll(async () => {
    await upstream.close();
  });

  beforeEach(() => {
    upstream.requests.length = 0;
  });

  const create = async (overrides: Record<string, unknown>): Promise<number> =>
    (await createChannels(root, { base_url: upstream.url, key: 'sk-up', ...overrides }))[0] ?? 0;

  const view = (id: number) => channelView(root, id);
  const modelUpdateJob = async () => {
    const job = (await server.context.jobs.status()).find((candidate) => candidate.name === MODEL_UPDATE_JOB);
    if (!job) throw new Error(`no ${MODEL_UPDATE_JOB} job`);
    return job;
  };
  const servedModels = async () =>
    (await server.context.database.db.selectFrom('abilities').select(['model', 'channel_id']).execute()).map(
      (row) => `${Number(row.channel_id)}:${row.model}`,
    );

  describe('upstream model updates', () => {
    it('detects what the upstream adds and drops, with the model mapping and ignored names considered', async () => {
      listed = ['gpt-4o', 'gpt-5', 'gpt-5-mini', 'o3-preview', 'upstream-name'];
      const id = await create({
        name: 'detect-me',
        models: 'gpt-4o,gpt-4o-mini,alias',
        model_mapping: JSON.stringify({ alias: 'upstream-name' }),
        setting: JSON.stringify({ upstream_model_update_ignored_models: ['regex:^o3-'] }),
      });
      const reply = await root<ModelUpdateDetection>('POST', '/api/channel/upstream_updates/detect', { id });
      expect(reply.success, reply.message).toBe(true);
      expect(reply.data).toMatchObject({
        channel_id: id,
        channel_name: 'detect-me',
        add_models: ['gpt-5', 'gpt-5-mini'],
        remove_models: ['gpt-4o-mini'],
        auto_added_models: [],
      });
      expect(reply.data?.last_check_time).toBeGreaterThan(0);
      expect(upstream.requests[0]?.headers.authorization).toBe('Bearer sk-up');
      // Detecting applies nothing: the channel still serves what it did, and the pending lists are kept.
      const channel = await view(id);
      expect(channel.models).toBe('gpt-4o,gpt-4o-mini,alias');
      expect(JSON.parse(channel.setting)).toMatchObject({
        upstream_model_update_last_detected_models: ['gpt-5', 'gpt-5-mini'],
      });
    });

    it('applies chosen adds and removals, ignores others, and the relay serves the new list', async () => {
      listed = ['gpt-4o', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano'];
      const id = await create({ name: 'apply-me', models: 'gpt-4o,gpt-4o-mini,old-model' });
      await root('POST', '/api/channel/upstream_updates/detect', { id });
      const reply = await root<ModelUpdateApplyResult>('POST', '/api/channel/upstream_updates/apply', {
        id,
        add_models: ['gpt-5', 'not-pending'],
        remove_models: ['old-model'],
        ignore_models: ['gpt-5-nano'],
      });
      expect(reply.success, reply.message).toBe(true);
      expect(reply.data).toMatchObject({
        id,
        added_models: ['gpt-5'],
        removed_models: ['old-model'],
        ignored_models: ['gpt-5-nano'],
        remaining_models: ['gpt-5-mini'],
        remaining_remove_models: ['gpt-4o-mini'],
        models: 'gpt-4o,gpt-4o-mini,gpt-5',
      });
      expect(reply.data?.settings).toMatchObject({ upstream_model_update_ignored_models: ['gpt-5-nano'] });
      const served = await servedModels();
      expect(served).toContain(`${id}:gpt-5`);
      expect(served).not.toContain(`${id}:old-model`);
      // An ignored name is not offered again by the next check.
      const again = await root<ModelUpdateDetection>('POST', '/api/channel/upstream_updates/detect', { id });
      expect(again.data?.add_models).toEqual(['gpt-5-mini']);
    });

    it('applies everything pending on enabled channels that have checking on', async () => {
      listed = ['m-1', 'm-2'];
      const on = await create({
        name: 'checked',
        models: 'm-1,gone',
        setting: JSON.stringify({ upstream_model_update_check_enabled: true }),
      });
      const off = await create({ name: 'unchecked', models: 'm-1' });
      await root('POST', '/api/channel/upstream_updates/detect', { id: on });
      await root('POST', '/api/channel/upstream_updates/detect', { id: off });
      const reply = await root<ModelUpdateApplyAllResult>('POST', '/api/channel/upstream_updates/apply_all');
      expect(reply.success, reply.message).toBe(true);
      expect(reply.data).toMatchObject({
        processed_channels: 1,
        added_models: 1,
        removed_models: 1,
        failed_channel_ids: [],
      });
      expect(reply.data?.results.map((result) => result.id)).toEqual([on]);
      expect((await view(on)).models).toBe('m-1,m-2');
      expect((await view(off)).models).toBe('m-1');
    });

    it('the scheduled check adds new models on channels with auto sync, and only records them elsewhere', async () => {
      listed = ['s-1', 's-2'];
      const synced = await create({
        name: 'auto',
        models: 's-1',
        setting: JSON.stringify({
          upstream_model_update_check_enabled: true,
          upstream_model_update_auto_sync_enabled: true,
        }),
      });
      const recorded = await create({
        name: 'manual',
        models: 's-1',
        setting: JSON.stringify({ upstream_model_update_check_enabled: true }),
      });
      expect(await server.context.jobs.runNow(MODEL_UPDATE_JOB)).toBe('ran');
      expect((await view(synced)).models).toBe('s-1,s-2');
      expect((await view(recorded)).models).toBe('s-1');
      expect(JSON.parse((await view(recorded)).setting)).toMatchObject({
        upstream_model_update_last_detected_models: ['s-2'],
      });
      // A channel checked within five minutes is left alone by the schedule, but "detect all" forces a check.
      listed = ['s-1', 's-2', 's-3'];
      upstream.requests.length = 0;
      await server.context.jobs.runNow(MODEL_UPDATE_JOB);
      expect(upstream.requests).toHaveLength(0);
      const started = await root<{ task_id: string; status: string }>(
        'POST',
        '/api/channel/upstream_updates/detect_all',
      );
      expect(started).toMatchObject({ success: true, data: { status: 'queued' } });
      expect(started.data?.task_id).toBeTruthy();
      await expect.poll(async () => (await view(synced)).models).toBe('s-1,s-2,s-3');
    });

    it('a second "detect all" while one runs is refused with the running task', async () => {
      // The previous test's "detect all" may still be checking its other channels.
      await expect.poll(async () => (await modelUpdateJob()).running).toBe(false);
      listed = ['slow-1'];
      await create({
        name: 'slow',
        models: 'slow-1',
        setting: JSON.stringify({ upstream_model_update_check_enabled: true }),
      });
      delayMilliseconds = 400;
      try {
        const first = await root<{ task_id: string; status: string }>(
          'POST',
          '/api/channel/upstream_updates/detect_all',
        );
        expect(first).toMatchObject({ success: true, data: { status: 'queued' } });
        const second = await root<{ task_id: string; status: string; type: string }>(
          'POST',
          '/api/channel/upstream_updates/detect_all',
        );
        expect(second).toMatchObject({
          success: false,
          message: 'An upstream model check is already running; try again later',
          data: { task_id: first.data?.task_id, status: 'running', type: 'channel_upstream_model_update' },
        });
        await expect.poll(async () => (await modelUpdateJob()).running).toBe(false);
      } finally {
        delayMilliseconds = 0;
      }
    });

    it('a failing upstream is a clear error and changes nothing', async () => {
      const id = await create({ name: 'broken', base_url: 'http://127.0.0.1:9', models: 'a' });
      const reply = await root('POST', '/api/channel/upstream_updates/detect', { id });
      expect(reply.success).toBe(false);
      expect(reply.message).toMatch(/127\.0\.0\.1:9/);
      expect(JSON.parse((await view(id)).setting || '{}')).not.toHaveProperty('upstream_model_update_last_check_time');
    });

    it('ignore patterns match by regex, and a pattern that could backtrack for minutes matches nothing', () => {
      const ignored = ignoreMatcher(['exact-name', 'regex:^gpt-3', 'regex:(a+)+$', 'regex:[']);
      expect(ignored('exact-name')).toBe(true);
      expect(ignored('gpt-3.5-turbo')).toBe(true);
      expect(ignored('gpt-4')).toBe(false);
      const started = performance.now();
      expect(ignored(`${'a'.repeat(40)}!`)).toBe(false);
      expect(performance.now() - started).toBeLessThan(50);
    });
  });
});
