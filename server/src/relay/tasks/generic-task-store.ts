import type { TaskRow } from '../../domain/task-rows';
import type { Database } from '../../db/database';
import { insertReturningId, toNumber } from '../../db/dialect';
import { RefundClaims } from './refund-claim';
import { storedTaskOf } from './stored-task';
import { refundLogOf, type StoredTask, type TaskPlatform, type TaskSnapshot, type TaskStore } from './task-platform';
import { TaskQueue } from './task-queue';

const FINISHED = ['SUCCESS', 'FAILURE'];
const seconds = (milliseconds: number) => Math.floor(milliseconds / 1000);

/** A task row as the poller and the refunds see it. */
export function storedTask(
  row: Parameters<typeof storedTaskOf>[0] & Pick<TaskRow, 'task_id' | 'submit_time'>,
): StoredTask {
  return storedTaskOf(row, row.task_id, toNumber(row.submit_time) * 1000);
}

export interface NewTask {
  taskId: string;
  userId: number;
  tokenId: number;
  group: string;
  channelId: number;
  modelName: string;
  quota: number;
  action: string;
  status: string;
  properties: unknown;
  data: unknown;
  /** the user subscription that paid it (0 or absent: the wallet) */
  subscriptionId?: number;
}

/** The `tasks` table of one platform (Suno, OpenAI video, ...): times in unix seconds. */
export class GenericTaskStore extends TaskQueue<'tasks'> implements TaskStore {
  readonly refunds: RefundClaims;

  constructor(
    database: Database,
    readonly platform: string,
  ) {
    super(database, {
      table: 'tasks',
      finished: FINISHED,
      refundable: (where) => where('status', '=', 'FAILURE'),
      own: (where) => where('platform', '=', platform),
      storedTask,
    });
    this.refunds = new RefundClaims(database, 'tasks', seconds);
  }

  /** The rows of this store's platform. */
  private rows() {
    return this.database.db.selectFrom('tasks').selectAll().where('platform', '=', this.platform);
  }

  async insert(task: NewTask): Promise<number> {
    const now = seconds(Date.now());
    return insertReturningId(this.database.db, this.database.kind, 'tasks', {
      task_id: task.taskId,
      platform: this.platform,
      user_id: task.userId,
      token_id: task.tokenId,
      group: task.group,
      channel_id: task.channelId,
      model_name: task.modelName,
      quota: task.quota,
      action: task.action,
      status: task.status,
      progress: '0%',
      created_at: now,
      updated_at: now,
      submit_time: now,
      fail_reason: null,
      properties: JSON.stringify(task.properties ?? {}),
      private_data: null,
      data: JSON.stringify(task.data ?? null),
      subscription_id: task.subscriptionId ?? 0,
    });
  }

  /** A user's tasks with these ids (a user sees only own tasks). */
  ownTasks(userId: number, taskIds: string[]): Promise<TaskRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.rows().where('user_id', '=', userId).where('task_id', 'in', taskIds).orderBy('id').execute();
  }

  async apply(rowId: number, snapshot: TaskSnapshot): Promise<void> {
    const status =
      snapshot.outcome === 'success' ? 'SUCCESS' : snapshot.outcome === 'failure' ? 'FAILURE' : snapshot.status;
    await this.updateUnfinished(rowId, {
      status,
      progress: snapshot.outcome === 'running' ? snapshot.progress : '100%',
      fail_reason: snapshot.failReason || null,
      start_time: seconds(snapshot.startTime),
      finish_time: seconds(snapshot.finishTime || (snapshot.outcome === 'running' ? 0 : Date.now())),
      updated_at: seconds(Date.now()),
      data: JSON.stringify(snapshot.result),
    });
  }

  async fail(rowId: number, reason: string, now: number): Promise<void> {
    await this.updateUnfinished(rowId, {
      status: 'FAILURE',
      progress: '100%',
      fail_reason: reason,
      finish_time: seconds(now),
      updated_at: seconds(now),
    });
  }
}

/**
 * A platform whose tasks live in the shared `tasks` table under `name`, stalled after the configured
 * TASK_TIMEOUT_MINUTES; `failed` opens its refund logs.
 */
export function genericTaskPlatform(
  database: Database,
  name: string,
  failed: string,
  fetchBatch: TaskPlatform['fetchBatch'],
): TaskPlatform & { store: GenericTaskStore } {
  return {
    name,
    store: new GenericTaskStore(database, name),
    timeoutMs: (config) => config.TASK_TIMEOUT_MINUTES * 60_000,
    fetchBatch,
    refundLog: refundLogOf(failed),
  };
}
