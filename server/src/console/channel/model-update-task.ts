import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { ChannelService } from './channel-service';
import { noticeModelUpdates } from './model-update-notice';
import { ModelUpdateService, type SweepSummary } from './model-updates-service';

/** The background job that checks upstream model lists; "detect all" runs it now. */
export const MODEL_UPDATE_JOB = 'channel-model-updates';
/** The `type` a busy "detect all" names. */
export const MODEL_UPDATE_TASK_TYPE = 'channel_upstream_model_update';

interface TaskState {
  /** the id of the queued or running forced run */
  taskId: string | null;
  /** the next run checks every channel, however recently checked */
  force: boolean;
}

const states = new WeakMap<AppContext, TaskState>();

function stateOf(context: AppContext): TaskState {
  let state = states.get(context);
  if (!state) {
    state = { taskId: null, force: false };
    states.set(context, state);
  }
  return state;
}

/** The job's run: a sweep, forced when "detect all" asked for it; root hears of what changed. */
export async function runModelUpdateSweep(context: AppContext, signal: AbortSignal): Promise<SweepSummary> {
  const state = stateOf(context);
  const force = state.force;
  state.force = false;
  const summary = await new ModelUpdateService(context, new ChannelService(context)).sweep(force, signal);
  await noticeModelUpdates(context, summary.changed);
  return summary;
}

export type DetectAllAnswer =
  | { started: true; task_id: string; status: 'queued' }
  | { started: false; task_id: string; status: 'running'; type: string };

/** Starts a forced sweep now, unless one is running here or on another instance. */
export async function startDetectAll(context: AppContext): Promise<DetectAllAnswer> {
  const state = stateOf(context);
  const job = (await context.jobs.status()).find((entry) => entry.name === MODEL_UPDATE_JOB);
  if (job?.running)
    return {
      started: false,
      task_id: state.taskId ?? MODEL_UPDATE_JOB,
      status: 'running',
      type: MODEL_UPDATE_TASK_TYPE,
    };
  const taskId = randomUUID();
  state.taskId = taskId;
  state.force = true;
  void context.jobs.runNow(MODEL_UPDATE_JOB).finally(() => {
    if (state.taskId === taskId) state.taskId = null;
  });
  return { started: true, task_id: taskId, status: 'queued' };
}
