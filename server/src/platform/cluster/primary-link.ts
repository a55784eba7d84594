import { Batcher, isPrimaryMessage, type Operation, type Push, type WorkerMessage } from './protocol';

type PushHandler<K extends Push[0]> = (...args: Extract<Push, [K, ...unknown[]]> extends [K, ...infer Rest] ? Rest : never) => void;

/** The worker's end of the IPC channel to the cluster primary. */
export class PrimaryLink {
  private readonly outgoing: Batcher<Operation>;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly handlers = new Map<string, (...args: unknown[]) => void>();
  private nextId = 1;
  private connected = true;

  constructor(private readonly port: NodeJS.Process) {
    this.outgoing = new Batcher((ops) => {
      if (!this.connected) return;
      const message: WorkerMessage = { switchboard: 'ops', ops };
      // A closed channel means the primary is gone; 'disconnect' ends this worker.
      port.send?.(message, undefined, undefined, () => undefined);
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
  send(name: string, ...args: unknown[]): void {
    this.outgoing.add([0, name, ...args]);
  }

  /** An operation answered by the primary. */
  request<T>(name: string, ...args: unknown[]): Promise<T> {
    if (!this.connected) return Promise.reject(new Error('the cluster primary is gone'));
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.outgoing.add([id, name, ...args]);
    });
  }

  on<K extends Push[0]>(kind: K, handler: PushHandler<K>): void {
    this.handlers.set(kind, handler as (...args: unknown[]) => void);
  }

  /** Sends what this turn collected at once (before the worker exits). */
  flush(): void {
    this.outgoing.flush();
  }
}
