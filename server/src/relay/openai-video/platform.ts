import type { Database } from '../../db/database';
import type { CachedChannel } from '../caches/channel-index';
import { genericTaskPlatform, type GenericTaskStore } from '../tasks/generic-task-store';
import type { TaskOutcome, TaskPlatform, TaskSnapshot } from '../tasks/task-platform';
import { upstreamJson } from '../tasks/upstream-call';
import { videoSchema, type Video } from './wire';

export const VIDEO_PLATFORM = 'openai-video';

export const videoHeaders = (channel: CachedChannel): Record<string, string> => ({
  authorization: `Bearer ${channel.key}`,
});

const statuses: Record<string, { outcome: TaskOutcome; status: string }> = {
  queued: { outcome: 'running', status: 'QUEUED' },
  in_progress: { outcome: 'running', status: 'IN_PROGRESS' },
  completed: { outcome: 'success', status: 'SUCCESS' },
  failed: { outcome: 'failure', status: 'FAILURE' },
};

export function snapshotOf(video: Video): TaskSnapshot {
  const { outcome, status } = statuses[video.status] ?? { outcome: 'running', status: 'UNKNOWN' };
  return {
    upstreamId: video.id,
    outcome,
    status,
    progress: `${Math.round(video.progress ?? 0)}%`,
    failReason: video.error?.message ?? video.error?.code ?? '',
    startTime: (video.created_at ?? 0) * 1000,
    finishTime: (video.completed_at ?? 0) * 1000,
    result: video,
  };
}

/** OpenAI-style video jobs (channel type 55) in `tasks`; the API has no batch read, so jobs are read one by one. */
export function openAIVideoPlatform(database: Database): TaskPlatform & { store: GenericTaskStore } {
  return genericTaskPlatform(database, VIDEO_PLATFORM, '视频任务失败', async (dispatcher, channel, upstreamIds) => {
    const snapshots: TaskSnapshot[] = [];
    for (const id of upstreamIds) {
      const url = `${channel.baseUrl}/v1/videos/${encodeURIComponent(id)}`;
      const video = await upstreamJson(
        dispatcher,
        { url, method: 'GET', headers: videoHeaders(channel) },
        videoSchema,
      ).catch(() => null);
      if (video) snapshots.push(snapshotOf(video));
    }
    return snapshots;
  });
}
