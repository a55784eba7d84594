import type { Dispatcher } from 'undici';
import type { Database } from '../../db/database';
import type { CachedChannel } from '../caches/channel-index';
import { refundLogOf, type TaskOutcome, type TaskPlatform, type TaskSnapshot } from '../tasks/task-platform';
import { jsonBody, upstreamJson } from '../tasks/upstream-call';
import { MidjourneyStore } from './midjourney-store';
import { proxyTaskListSchema, type ProxyTask } from './wire';

/** The reference fails a drawing that is still unfinished an hour after its submit. */
const DRAWING_TIMEOUT_MS = 60 * 60 * 1000;

function outcomeOf(task: ProxyTask): TaskOutcome {
  if (task.status === 'SUCCESS') return 'success';
  if (task.status === 'FAILURE' || task.status === 'CANCEL') return 'failure';
  // The reference also counts an unfinished task with a fail reason as failed.
  return task.failReason && task.progress !== '100%' ? 'failure' : 'running';
}

/** A midjourney-proxy task object as the poller's snapshot (times stay in milliseconds). */
export function snapshotOf(task: ProxyTask): TaskSnapshot {
  const outcome = outcomeOf(task);
  return {
    upstreamId: task.id,
    outcome,
    status: outcome === 'failure' && task.status !== 'CANCEL' ? 'FAILURE' : task.status,
    progress: task.progress,
    failReason: task.failReason,
    startTime: task.startTime,
    finishTime: task.finishTime,
    result: {
      promptEn: task.promptEn,
      description: task.description,
      state: task.state,
      imageUrl: task.imageUrl,
      videoUrl: task.videoUrl,
      videoUrls: task.videoUrls,
      buttons: task.buttons,
      properties: task.properties,
    },
  };
}

/** The headers midjourney-proxy expects: its secret is the channel key. */
export const proxyHeaders = (channel: CachedChannel) => ({
  'content-type': 'application/json',
  'mj-api-secret': channel.key,
});

/** Drawing tasks on midjourney-proxy channels (types 2 and 5), polled with `list-by-condition`. */
export function midjourneyPlatform(database: Database): TaskPlatform & { store: MidjourneyStore } {
  return {
    name: 'midjourney',
    store: new MidjourneyStore(database),
    timeoutMs: () => DRAWING_TIMEOUT_MS,
    async fetchBatch(dispatcher: Dispatcher, channel: CachedChannel, upstreamIds: string[]) {
      const tasks = await upstreamJson(
        dispatcher,
        {
          url: `${channel.baseUrl}/mj/task/list-by-condition`,
          headers: proxyHeaders(channel),
          body: jsonBody({ ids: upstreamIds }),
        },
        proxyTaskListSchema,
      );
      return tasks.map(snapshotOf);
    },
    refundLog: refundLogOf('构图失败'),
  };
}
