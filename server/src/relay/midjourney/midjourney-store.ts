import type { MidjourneyRow } from '../../domain/task-rows';
import type { Database } from '../../db/database';
import { insertReturningId, toNumber } from '../../db/dialect';
import { RefundClaims } from '../tasks/refund-claim';
import { storedTaskOf } from '../tasks/stored-task';
import type { StoredTask, TaskSnapshot, TaskStore } from '../tasks/task-platform';
import { TaskQueue } from '../tasks/task-queue';

/** midjourney-proxy's finished states; CANCEL counts as a failure (the task produced nothing). */
const FINISHED = ['SUCCESS', 'FAILURE', 'CANCEL'];

const storedTask = (row: MidjourneyRow): StoredTask => storedTaskOf(row, row.mj_id, toNumber(row.submit_time));

export interface NewDrawing {
  mjId: string;
  code: number;
  userId: number;
  tokenId: number;
  group: string;
  action: string;
  prompt: string;
  description: string;
  channelId: number;
  modelName: string;
  quota: number;
  status: string;
  progress: string;
  imageUrl: string;
  properties: unknown;
  /** why the proxy refused the submit (such a drawing is stored as FAILURE, nothing charged) */
  failReason?: string;
  /** the user subscription that paid it (0 or absent: the wallet) */
  subscriptionId?: number;
}

/** The `midjourneys` table: drawing tasks, times in unix milliseconds as midjourney-proxy reports them. */
export class MidjourneyStore extends TaskQueue<'midjourneys'> implements TaskStore {
  readonly refunds: RefundClaims;

  constructor(database: Database) {
    super(database, {
      table: 'midjourneys',
      finished: FINISHED,
      refundable: (where) => where.and([where('status', 'in', ['FAILURE', 'CANCEL']), where('quota', '>', 0)]),
      storedTask,
    });
    this.refunds = new RefundClaims(database, 'midjourneys', (milliseconds) => milliseconds);
  }

  private rows() {
    return this.database.db.selectFrom('midjourneys').selectAll();
  }

  insert(task: NewDrawing): Promise<number> {
    const now = Date.now();
    const finished = task.status === 'SUCCESS' || task.status === 'FAILURE';
    return insertReturningId(this.database.db, this.database.kind, 'midjourneys', {
      mj_id: task.mjId,
      subscription_id: task.subscriptionId ?? 0,
      code: task.code,
      user_id: task.userId,
      token_id: task.tokenId,
      group: task.group,
      action: task.action,
      prompt: task.prompt,
      prompt_en: '',
      description: task.description,
      state: '',
      submit_time: now,
      start_time: finished ? now : 0,
      finish_time: finished ? now : 0,
      image_url: task.imageUrl,
      video_url: '',
      video_urls: null,
      status: task.status,
      progress: task.progress,
      fail_reason: task.failReason ?? '',
      channel_id: task.channelId,
      model_name: task.modelName,
      quota: task.quota,
      buttons: null,
      properties: JSON.stringify(task.properties ?? {}),
    });
  }

  /** A user's task by its midjourney-proxy id (a user sees only own tasks). */
  ownTask(userId: number, mjId: string): Promise<MidjourneyRow | undefined> {
    return this.rows().where('user_id', '=', userId).where('mj_id', '=', mjId).orderBy('id', 'desc').executeTakeFirst();
  }

  ownTasks(userId: number, mjIds: string[]): Promise<MidjourneyRow[]> {
    if (mjIds.length === 0) return Promise.resolve([]);
    return this.rows().where('user_id', '=', userId).where('mj_id', 'in', mjIds).orderBy('id').execute();
  }

  /** The stored image address of a task, its channel and whether it is finished, for the image proxy (no user: the proxy needs no key). */
  async image(mjId: string): Promise<{ url: string; channelId: number; finished: boolean }> {
    const row = await this.database.db
      .selectFrom('midjourneys')
      .select(['image_url', 'channel_id', 'status'])
      .where('mj_id', '=', mjId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return { url: row?.image_url ?? '', channelId: Number(row?.channel_id ?? 0), finished: row?.status === 'SUCCESS' };
  }

  async apply(rowId: number, snapshot: TaskSnapshot): Promise<void> {
    const result = snapshot.result as {
      promptEn?: string;
      description?: string;
      state?: string;
      imageUrl?: string;
      videoUrl?: string;
      videoUrls?: unknown;
      buttons?: unknown;
      properties?: unknown;
    };
    await this.updateUnfinished(rowId, {
      status: snapshot.status,
      progress: snapshot.progress,
      fail_reason: snapshot.failReason,
      start_time: snapshot.startTime,
      finish_time: snapshot.finishTime,
      prompt_en: result.promptEn ?? '',
      description: result.description ?? '',
      state: result.state ?? '',
      image_url: result.imageUrl ?? '',
      video_url: result.videoUrl ?? '',
      video_urls: result.videoUrls === undefined ? null : JSON.stringify(result.videoUrls),
      buttons: result.buttons === undefined ? null : JSON.stringify(result.buttons),
      properties: result.properties === undefined ? null : JSON.stringify(result.properties),
    });
  }

  async fail(rowId: number, reason: string, now: number): Promise<void> {
    await this.updateUnfinished(rowId, { status: 'FAILURE', progress: '100%', fail_reason: reason, finish_time: now });
  }
}
