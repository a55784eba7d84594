import type { AppContext } from '../../app-context';
import type { RelayServices } from '../relay-services';
import type { StoredTask, TaskPlatform } from './task-platform';
import { refundFailedTask } from './task-refunds';

/** A task is asked about at most once in this many milliseconds, however often its client polls. */
export const TASK_REFRESH_INTERVAL_MS = 5_000;
/** Tasks remembered for the interval; past this, the oldest are forgotten (they may be asked again). */
const REMEMBERED_TASKS = 10_000;

/**
 * Asks the upstream about one unfinished task when its client reads it (the official SDKs poll the
 * task they created, and would otherwise see the state of the last background poll), stores what it
 * learns and refunds a failure, as the background poll does. Rate limited per task; reads of the same
 * task that arrive together share one upstream call; an upstream that cannot be reached leaves the
 * stored state as it is.
 */
export class TaskRefresher {
  private readonly askedAt = new Map<number, number>();
  private readonly inFlight = new Map<number, Promise<void>>();

  constructor(
    private readonly context: AppContext,
    private readonly services: RelayServices,
    private readonly platform: TaskPlatform,
  ) {}

  refresh(task: StoredTask): Promise<void> {
    const running = this.inFlight.get(task.rowId);
    if (running) return running;
    const now = Date.now();
    if (now - (this.askedAt.get(task.rowId) ?? 0) < TASK_REFRESH_INTERVAL_MS) return Promise.resolve();
    this.remember(task.rowId, now);
    const asking = this.ask(task).finally(() => this.inFlight.delete(task.rowId));
    this.inFlight.set(task.rowId, asking);
    return asking;
  }

  private remember(rowId: number, now: number): void {
    this.askedAt.delete(rowId);
    this.askedAt.set(rowId, now);
    if (this.askedAt.size > REMEMBERED_TASKS) this.askedAt.delete(this.askedAt.keys().next().value as number);
  }

  private async ask(task: StoredTask): Promise<void> {
    const channel = this.services.channels.channel(task.channelId);
    if (!channel) return;
    const [snapshot] = await this.platform.fetchBatch(this.services.agent, channel, [task.upstreamId]).catch(() => []);
    if (!snapshot || snapshot.upstreamId !== task.upstreamId) return;
    await this.platform.store.apply(task.rowId, snapshot);
    if (snapshot.outcome === 'failure') await refundFailedTask(this.context, this.platform, task, snapshot.failReason);
  }
}
