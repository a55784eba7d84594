import type { Dispatcher } from 'undici';
import type { AppContext } from '../app-context';
import { scrubbedForKey } from '../domain/secret-scrub';
import { toCachedChannel, type CachedChannel } from '../relay/caches/channel-index';
import { refundFailedTask, taskRefunds } from '../relay/tasks/task-refunds';
import { storedFailReason } from '../domain/task-fail-reason';
import type { StoredTask, TaskPlatform, TaskSnapshot } from '../relay/tasks/task-platform';
import type { JobDefinition } from './job-runner';

export const TASK_POLLING_JOB = 'task-polling';
/** Tasks read per platform and run (the reference's TASK_QUERY_LIMIT). */
const TASKS_PER_RUN = 1000;
/** Ids asked of one channel in one request. */
const IDS_PER_FETCH = 100;

interface Reporter {
  warn(details: object, message: string): void;
}

function byChannel(tasks: StoredTask[]): Map<number, StoredTask[]> {
  const groups = new Map<number, StoredTask[]>();
  for (const task of tasks) {
    const group = groups.get(task.channelId) ?? [];
    group.push(task);
    groups.set(task.channelId, group);
  }
  return groups;
}

/** The channel a task ran on, whatever its status now (a disabled channel's tasks still finish). */
async function channelOf(context: AppContext, id: number): Promise<CachedChannel | null> {
  const row = await context.database.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCachedChannel(row) : null;
}

/** An upstream's fail reason is shown to the task's owner and logged: the channel's key and credential shapes go. */
const withoutKey = (snapshot: TaskSnapshot, key: string): TaskSnapshot => ({
  ...snapshot,
  failReason: scrubbedForKey(snapshot.failReason, key),
});

async function pollChannel(
  context: AppContext,
  dispatcher: Dispatcher,
  platform: TaskPlatform,
  channelId: number,
  tasks: StoredTask[],
  reporter: Reporter,
) {
  const channel = await channelOf(context, channelId);
  const timeout = platform.timeoutMs(context.config);
  for (let start = 0; start < tasks.length; start += IDS_PER_FETCH) {
    const chunk = tasks.slice(start, start + IDS_PER_FETCH);
    const snapshots = channel
      ? await platform
          .fetchBatch(
            dispatcher,
            channel,
            chunk.map((task) => task.upstreamId),
          )
          .catch((error: unknown) => {
            reporter.warn(
              { err: error, platform: platform.name, channelId },
              'task poll of a channel failed; its tasks wait for the next run',
            );
            return [];
          })
      : [];
    const byId = new Map(
      snapshots.map((snapshot) => [
        snapshot.upstreamId,
        channel && snapshot.failReason ? withoutKey(snapshot, channel.key) : snapshot,
      ]),
    );
    const now = Date.now();
    for (const task of chunk) {
      const snapshot = byId.get(task.upstreamId);
      if (snapshot) {
        await platform.store.apply(task.rowId, snapshot);
        if (snapshot.outcome === 'failure') await refundFailedTask(context, platform, task, snapshot.failReason);
        if (snapshot.outcome !== 'running') continue;
      }
      if (now - task.submittedAt > timeout) {
        await platform.store.fail(task.rowId, storedFailReason('timedOut'), now);
        await refundFailedTask(context, platform, task, storedFailReason('timedOut'));
      }
    }
  }
}

/**
 * One polling run over every task platform: refunds this process claimed but an error kept from
 * finishing are finished, failed tasks whose refund was never claimed are refunded (a poller that
 * stopped between the two steps), then unfinished tasks are fetched from their channels in batches,
 * updated, and failed and refunded when they failed upstream or stalled past the timeout. All state is
 * in the task tables, so a restart loses nothing (claims a killed run left are finished at start).
 */
export async function pollTasks(
  context: AppContext,
  dispatcher: Dispatcher,
  platforms: TaskPlatform[],
  reporter: Reporter,
  signal?: AbortSignal,
): Promise<void> {
  await taskRefunds(context).finishLeftovers();
  for (const platform of platforms) {
    for (const task of await platform.store.unrefundedFailures(TASKS_PER_RUN)) {
      await refundFailedTask(context, platform, task, '');
    }
    for (const [channelId, tasks] of byChannel(await platform.store.pending(TASKS_PER_RUN))) {
      if (signal?.aborted) return;
      await pollChannel(context, dispatcher, platform, channelId, tasks, reporter);
    }
  }
}

/** The task poller on the job runner: every TASK_POLL_INTERVAL_SECONDS, on the master only. */
export function taskPollingJob(
  context: AppContext,
  dispatcher: Dispatcher,
  platforms: TaskPlatform[],
  reporter: Reporter,
): JobDefinition {
  return {
    name: TASK_POLLING_JOB,
    intervalMs: () => context.config.TASK_POLL_INTERVAL_SECONDS * 1000,
    run: (signal) => pollTasks(context, dispatcher, platforms, reporter, signal),
  };
}
