import type { Database } from '../../db/database';
import type { CachedChannel } from '../caches/channel-index';
import { genericTaskPlatform, type GenericTaskStore } from '../tasks/generic-task-store';
import type { TaskPlatform, TaskSnapshot } from '../tasks/task-platform';
import { jsonBody, upstreamJson } from '../tasks/upstream-call';
import { fetchAnswerSchema, type sunoTaskSchema } from './wire';
import type { z } from 'zod';

export const SUNO_PLATFORM = 'suno';

/** Suno API channels (type 36) take the channel key as a bearer token. */
export const sunoHeaders = (channel: CachedChannel) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${channel.key}`,
});

export function snapshotOf(task: z.infer<typeof sunoTaskSchema>): TaskSnapshot {
  const outcome = task.status === 'SUCCESS' ? 'success' : task.status === 'FAILURE' ? 'failure' : 'running';
  return {
    upstreamId: task.task_id,
    outcome,
    status: task.status || 'UNKNOWN',
    progress: task.progress,
    failReason: task.fail_reason,
    startTime: task.start_time * 1000,
    finishTime: task.finish_time * 1000,
    result: task.data ?? null,
  };
}

/** Suno music and lyrics tasks in `tasks`, polled with `POST {base}/suno/fetch {ids}`. */
export function sunoPlatform(database: Database): TaskPlatform & { store: GenericTaskStore } {
  return genericTaskPlatform(database, SUNO_PLATFORM, '异步任务失败', async (dispatcher, channel, upstreamIds) => {
    const answer = await upstreamJson(
      dispatcher,
      { url: `${channel.baseUrl}/suno/fetch`, headers: sunoHeaders(channel), body: jsonBody({ ids: upstreamIds }) },
      fetchAnswerSchema,
    );
    return (answer.data ?? []).map(snapshotOf);
  });
}
