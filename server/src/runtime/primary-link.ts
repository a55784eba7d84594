import { Batcher } from './batcher';
import {
  isPrimaryMessage,
  type ArgumentsOf,
  type Operation,
  type OperationName,
  type OperationOf,
  type Push,
  type ResultOf,
  type WorkerMessage,
} from './protocol';

type PushHandler<K extends Push[0]> = (
  ...args: Extract<Push, [K, ...unknown[]]> extends [K, ...infer Rest] ? Rest : never
) => void;

/**
 * How long a deferred operation may wait for company. Each IPC message costs both processes far
 * more than its size; nothing waits for a deferred operation, so under load one message carries the
 * settlements of many calls.
 */
const DEFER_MS = 20;

/**
 * Operation `N` as the wire carries it. (The compiler does not see that a tuple assembled for a
 * generic `N` is the table's entry for `N`; the signature is what callers are held to.)
 */
const operation = <N extends OperationName>(id: number, name: N, args: ArgumentsOf<N>) =>
  [id, name, ...args] as OperationOf<N>;

/**
 * The worker's end of the IPC channel to the cluster primary. What a turn of the event loop queues
 * leaves in one message at the end of the turn; deferred operations alone wait up to DEFER_MS. The
 * queue keeps its order: anything sent takes every deferred operation before it along.
 */
export class PrimaryLink {
  private readonly outgoing: Batcher<Operation>;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly handlers = new Map<string, (...args: unknown[]) => void>();
  private nextId = 1;
  private connected = true;
  /** operations queued so far (each one's number is the count when it was queued) */
  private queuedCount = 0;
  /** how many of them the channel has written (the primary reads them even if this worker dies now) */
  writtenCount = 0;

  constructor(port: NodeJS.Process) {
    this.outgoing = new Batcher((ops) => {
      if (!this.connected) return;
      const message: WorkerMessage = { switchboard: 'ops', ops };
      const through = this.queuedCount;
      // A closed channel means the primary is gone; 'disconnect' ends this worker.
      port.send?.(message, undefined, undefined, (error) => {
        if (!error) this.writtenCount = Math.max(this.writtenCount, through);
      });
    });
    port.on('message', (message: unknown) => {
      if (!isPrimaryMessage(message)) return;
      for (const [id, ok, value] of message.replies) {
        const waiter = this.waiting.get(id);
        if (!waiter) continue;
        this.waiting.delete(id);
        if (ok) waiter.resolve(value);
        else waiter.reject(new Error(String(value)));
      }
      for (const [kind, ...args] of message.pushes) this.handlers.get(kind)?.(...args);
    });
    port.on('disconnect', () => {
      this.connected = false;
      for (const waiter of this.waiting.values()) waiter.reject(new Error('the cluster primary is gone'));
      this.waiting.clear();
    });
  }

  /** An operation whose outcome the worker does not wait for (the primary keeps the order). */
  send<N extends OperationName>(name: N, ...args: ArgumentsOf<N>): void {
    this.queuedCount += 1;
    this.outgoing.add(operation(0, name, args));
  }

  /**
   * Like `send`, for an operation that may leave up to DEFER_MS later (a settlement already journaled
   * here). Returns its number: it is written once `writtenCount` reaches it.
   */
  defer<N extends OperationName>(name: N, ...args: ArgumentsOf<N>): number {
    this.queuedCount += 1;
    this.outgoing.addLater(operation(0, name, args), DEFER_MS);
    return this.queuedCount;
  }

  /** An operation answered by the primary. */
  request<N extends OperationName>(name: N, ...args: ArgumentsOf<N>): Promise<ResultOf<N>> {
    if (!this.connected) return Promise.reject(new Error('the cluster primary is gone'));
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<ResultOf<N>>((resolve, reject) => {
      // The primary answers this id with the result its handler of `name` returned.
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.queuedCount += 1;
      this.outgoing.add(operation(id, name, args));
    });
  }

  on<K extends Push[0]>(kind: K, handler: PushHandler<K>): void {
    this.handlers.set(kind, handler as (...args: unknown[]) => void);
  }

  /** Sends everything queued now, in one message. */
  flush(): void {
    this.outgoing.flush();
  }
}
