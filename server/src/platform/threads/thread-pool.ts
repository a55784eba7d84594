import { existsSync } from 'node:fs';
import { Worker, type TransferListItem } from 'node:worker_threads';

interface Job<Answer> {
  id: number;
  message: Record<string, unknown>;
  transfer: readonly TransferListItem[];
  started?: () => void;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

interface Thread<Answer> {
  worker: Worker;
  job: Job<Answer> | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * The script of a thread: the built server has `dist/<name>.js` beside `dist/main.js`; from the sources the
 * `.mjs` runs as it is (so a thread's code is plain JavaScript, loadable without a TypeScript loader).
 */
export function threadScript(base: string, name: string): URL {
  for (const file of [`./${name}.js`, `./${name}.mjs`]) {
    const script = new URL(file, base);
    if (existsSync(script)) return script;
  }
  throw new Error(`${name} script not found beside the server`);
}

/**
 * A few node:worker_threads that take jobs off the event loop, one at a time each. Threads start with the
 * first job and stop after `idleMs` without one; urgent jobs go before the others. A thread that dies
 * rejects its job and is replaced by the next job. Each message carries `id`, and so does each answer.
 */
export class ThreadPool<Answer extends { id: number }> {
  private readonly threads: Array<Thread<Answer>> = [];
  private readonly urgent: Array<Job<Answer>> = [];
  private readonly waiting: Array<Job<Answer>> = [];
  private nextId = 1;

  constructor(
    private readonly script: URL,
    private readonly size: number,
    private readonly idleMs: number,
  ) {}

  /** Sends `message` to a thread; `started` runs when a thread takes it. */
  run(
    message: Record<string, unknown>,
    options: { urgent?: boolean; transfer?: readonly TransferListItem[]; started?: () => void } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const job = {
        id: this.nextId++,
        message,
        transfer: options.transfer ?? [],
        started: options.started,
        resolve,
        reject,
      };
      (options.urgent ? this.urgent : this.waiting).push(job);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.urgent.length > 0 || this.waiting.length > 0) {
      const thread =
        this.threads.find((candidate) => candidate.job === null) ??
        (this.threads.length < this.size ? this.start() : null);
      if (!thread) return;
      const job = (this.urgent.shift() ?? this.waiting.shift()) as Job<Answer>;
      job.started?.();
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.job = job;
      thread.worker.postMessage({ ...job.message, id: job.id }, job.transfer);
    }
  }

  private start(): Thread<Answer> {
    const worker = new Worker(this.script);
    worker.unref();
    const thread: Thread<Answer> = { worker, job: null, idleTimer: null };
    worker.on('message', (answer: Answer) => {
      const job = thread.job;
      if (!job || job.id !== answer.id) return;
      thread.job = null;
      job.resolve(answer);
      this.rest(thread);
      this.dispatch();
    });
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index === -1) return;
      this.threads.splice(index, 1);
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.job?.reject(error);
      thread.job = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`thread exited (${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private rest(thread: Thread<Answer>): void {
    thread.idleTimer = setTimeout(() => {
      const index = this.threads.indexOf(thread);
      if (index === -1 || thread.job) return;
      this.threads.splice(index, 1);
      void thread.worker.terminate();
    }, this.idleMs);
    thread.idleTimer.unref();
  }
}
