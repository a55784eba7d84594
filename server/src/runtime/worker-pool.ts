import cluster, { type Worker } from 'node:cluster';

/** How long a worker ended by SIGINT or SIGTERM waits to be counted, for the same signal to reach the primary. */
const GROUP_SIGNAL_GRACE_MS = 200;

/** A worker that dies sooner than this after its start is restarted only after a growing pause. */
const STABLE_AFTER_MS = 10_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 30_000;

export interface PoolEvents {
  /** a new worker exists (before it listens) */
  forked(worker: Worker): void;
  /** a worker is gone; the pool has already decided whether to replace it */
  exited(worker: Worker, code: number | null, signal: string | null): void;
}

/**
 * Keeps `size` worker processes running: forks them, and replaces one that dies (at once when it had
 * run a while, after a growing pause when workers keep dying young, so a broken start does not spin).
 */
export class WorkerPool {
  private readonly startedAt = new Map<number, number>();
  private pause = FIRST_PAUSE_MS;
  private stopping = false;

  constructor(
    private readonly size: number,
    private readonly environment: Record<string, string>,
    private readonly events: PoolEvents,
  ) {}

  /** Forks every worker; resolves with the address once all listen, rejects if one dies first. */
  start(): Promise<{ address: string; port: number }> {
    return new Promise((resolve, reject) => {
      let listening = 0;
      let starting = true;
      const onListening = (_worker: Worker, address: { address: string | null; port: number }) => {
        listening += 1;
        if (starting && listening === this.size) {
          starting = false;
          cluster.off('listening', onListening);
          resolve({ address: address.address ?? '127.0.0.1', port: address.port });
        }
      };
      cluster.on('listening', onListening);
      cluster.on('exit', (worker, code, signal) => {
        const lived = Date.now() - (this.startedAt.get(worker.id) ?? 0);
        this.startedAt.delete(worker.id);
        const settle = () => {
          if (starting) {
            starting = false;
            cluster.off('listening', onListening);
            this.stopping = true;
            reject(new Error(`worker ${worker.process.pid ?? '?'} exited with ${signal ?? code} before it listened`));
          }
          this.replaceOne(lived);
          this.events.exited(worker, code, signal);
        };
        // Ctrl-C (or a service manager's SIGTERM to the group) reaches the primary and its workers at once, and
        // the worker's exit can be seen first: it is looked at once the primary's own signal handler has run.
        if (signal === 'SIGINT' || signal === 'SIGTERM') setTimeout(settle, GROUP_SIGNAL_GRACE_MS);
        else settle();
      });
      for (let index = 0; index < this.size; index += 1) this.fork();
    });
  }

  /** No more replacements: the primary is stopping. */
  stop(): void {
    this.stopping = true;
  }

  /** Ends every worker at once (the start failed; none has calls to finish). */
  terminate(): void {
    this.stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  }

  /** Resolves once every worker has exited. */
  async exited(): Promise<void> {
    while (this.startedAt.size > 0) await new Promise((resolve) => cluster.once('exit', resolve));
  }

  private fork(): void {
    const worker = cluster.fork(this.environment);
    this.startedAt.set(worker.id, Date.now());
    this.events.forked(worker);
  }

  /** Forks a worker for one that lived `lived` ms, at once or after a pause that grows while they die young. */
  private replaceOne(lived: number): void {
    if (this.stopping) return;
    if (lived >= STABLE_AFTER_MS) {
      this.pause = FIRST_PAUSE_MS;
      this.fork();
      return;
    }
    const pause = this.pause;
    this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
    setTimeout(() => {
      if (!this.stopping) this.fork();
    }, pause).unref();
  }
}
