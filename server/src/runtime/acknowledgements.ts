/** A worker that stops answering acknowledgements is not waited for longer than this. */
const ACK_TIMEOUT_MS = 5000;

interface AckWait {
  waitingFor: Set<number>;
  resolve: () => void;
}

/**
 * Pushes that the primary waits for every addressed worker to answer (a cache invalidation applied,
 * leases given back): each carries an ack id, and the worker's answer names it.
 */
export class Acknowledgements {
  private readonly waits = new Map<number, AckWait>();
  private nextId = 1;

  /** Sends each of `workerIds` a push that carries a new ack id; resolves once each acknowledged it (or after ACK_TIMEOUT_MS). */
  awaited(workerIds: number[], send: (workerId: number, ackId: number) => void): Promise<void> {
    const ackId = this.nextId;
    this.nextId += 1;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.settle(ackId, true), ACK_TIMEOUT_MS);
      this.waits.set(ackId, {
        waitingFor: new Set(workerIds),
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      for (const id of workerIds) send(id, ackId);
    });
  }

  acknowledge(ackId: number, workerId: number): void {
    if (this.waits.get(ackId)?.waitingFor.delete(workerId)) this.settle(ackId);
  }

  /** A worker is gone: nothing waits for it any more. */
  forget(workerId: number): void {
    for (const [ackId, wait] of this.waits) if (wait.waitingFor.delete(workerId)) this.settle(ackId);
  }

  private settle(ackId: number, timedOut = false): void {
    const wait = this.waits.get(ackId);
    if (!wait || (wait.waitingFor.size > 0 && !timedOut)) return;
    this.waits.delete(ackId);
    wait.resolve();
  }
}
