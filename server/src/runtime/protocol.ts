import type { LeaseOwner } from './lease-table';

/**
 * The messages between the cluster primary and its workers. Each side sends at most one message per
 * turn of its event loop, carrying everything that turn produced (IPC costs per message, not per item).
 */

/** An operation a worker asks of the primary: [request id (0: no answer wanted), name, ...arguments]. */
export type Operation = [number, string, ...unknown[]];

/** The primary's answer to a request: [request id, 1, value] or [request id, 0, error message]. */
export type Reply = [number, 1 | 0, unknown];

/**
 * What the primary tells a worker unasked: a cache invalidation (`bus`, acknowledged with the
 * `busAck` operation when `ackId` is not 0), to give leases back (`revoke`, answered with the `revoked`
 * operation), the write-behind state (`lag`), or to stop (`stop`).
 */
export type Push =
  | ['bus', topic: string, message: string, ackId: number]
  | ['revoke', owner: LeaseOwner, id: number, ackId: number]
  | ['lag', lagMs: number, pendingRows: number, pendingBuckets: number]
  | ['stop'];

/** worker → primary */
export interface WorkerMessage {
  switchboard: 'ops';
  ops: Operation[];
}

/** primary → worker */
export interface PrimaryMessage {
  switchboard: 'answers';
  replies: Reply[];
  pushes: Push[];
}

export const isWorkerMessage = (message: unknown): message is WorkerMessage =>
  typeof message === 'object' && message !== null && (message as { switchboard?: unknown }).switchboard === 'ops';

export const isPrimaryMessage = (message: unknown): message is PrimaryMessage =>
  typeof message === 'object' && message !== null && (message as { switchboard?: unknown }).switchboard === 'answers';

/**
 * Collects items and hands them over together once per turn of the event loop; an item added with
 * `addLater` may wait up to that many milliseconds instead, and leaves with anything added meanwhile.
 */
export class Batcher<T> {
  private items: T[] = [];
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deliver: (items: T[]) => void) {}

  add(item: T): void {
    this.items.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  addLater(item: T, waitMs: number): void {
    this.items.push(item);
    if (this.scheduled || this.timer) return;
    this.timer = setTimeout(() => this.flush(), waitMs);
    this.timer.unref();
  }

  /** Hands over what is collected now (at shutdown, before the channel closes). */
  flush(): void {
    this.scheduled = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  }
}
