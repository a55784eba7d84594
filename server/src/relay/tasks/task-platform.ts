import type { Dispatcher } from 'undici';
import type { Config } from '../../config';
import type { CachedChannel } from '../caches/channel-index';
import type { RefundClaims } from './refund-claim';

/** Where a task stands, as the poller sees it: still running, or finished one way or the other. */
export type TaskOutcome = 'running' | 'success' | 'failure';

/** One task as an upstream reported it, parsed by its platform. Times are unix milliseconds (0: unknown). */
export interface TaskSnapshot {
  upstreamId: string;
  outcome: TaskOutcome;
  /** the platform's own status word (SUBMITTED, IN_PROGRESS, SUCCESS, FAILURE, ...) */
  status: string;
  /** e.g. "45%" */
  progress: string;
  failReason: string;
  startTime: number;
  finishTime: number;
  /** what the platform's store keeps of the answer (result links, lyrics, the upstream's task object) */
  result: unknown;
}

/** An unfinished (or failed but not yet refunded) task row, as the poller needs it. */
export interface StoredTask {
  rowId: number;
  upstreamId: string;
  channelId: number;
  userId: number;
  tokenId: number;
  quota: number;
  modelName: string;
  /** unix milliseconds */
  submittedAt: number;
  /** the user subscription that paid it, 0 for the wallet */
  subscriptionId: number;
}

/** A platform's table of tasks: the poller reads and updates it only through these calls. */
export interface TaskStore {
  /** unfinished tasks, oldest first */
  pending(limit: number): Promise<StoredTask[]>;
  /** failed tasks whose refund has not been claimed yet (a poller that stopped between the two steps) */
  unrefundedFailures(limit: number): Promise<StoredTask[]>;
  /** writes the snapshot onto a task that is not finished yet */
  apply(rowId: number, snapshot: TaskSnapshot): Promise<void>;
  /** fails an unfinished task (stalled past the timeout) */
  fail(rowId: number, reason: string, now: number): Promise<void>;
  /** the refund states of the store's table: claim (the one conditional UPDATE that wins), finish, witness */
  readonly refunds: RefundClaims;
  /** failed tasks whose refund `owner` claimed and did not finish (it was killed, or an error came between) */
  claimedRefunds(owner: string, limit: number): Promise<StoredTask[]>;
}

/**
 * A task platform (midjourney-proxy, Suno, OpenAI video): its store, its timeout, and how to fetch and
 * parse a batch of its tasks from a channel. Submitting is done by the platform's routes through
 * `submitTask`; a new platform is a folder with its routes and one of these.
 */
export interface TaskPlatform {
  name: string;
  store: TaskStore;
  timeoutMs(config: Config): number;
  /** the upstream's view of these tasks; tasks it does not report are left out */
  fetchBatch(dispatcher: Dispatcher, channel: CachedChannel, upstreamIds: string[]): Promise<TaskSnapshot[]>;
  /** the system log written when a failed task is refunded */
  refundLog(task: StoredTask, reason: string): string;
}

/** A platform's refund log: `failed` (`构图失败`, …), the task's upstream id, the reason if any, and the refund. */
export const refundLogOf =
  (failed: string) =>
  (task: StoredTask, reason: string): string =>
    `${failed} ${task.upstreamId}${reason ? `（${reason}）` : ''}，补偿 ${task.quota}`;
