import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { cutAfter } from './piece-count.mjs';

interface CountJob {
  id: number;
  text: string;
  resolve(tokens: number): void;
  reject(error: Error): void;
}

interface CountThread {
  worker: Worker;
  job: CountJob | null;
  idleTimer: NodeJS.Timeout | null;
}

type ThreadAnswer = { id: number; tokens: number } | { id: number; error: string };

/**
 * Longest text a thread counts at once (about a quarter of a second): a longer one is counted slice
 * by slice (cut where the count stays exact), and short texts go before the next slice, so a huge
 * count makes the others wait one slice at most.
 */
const SLICE = 64 * 1024;

/** The built server has dist/count-worker.js beside dist/main.js; from the sources, the .mjs runs as it is. */
function workerScript(): URL {
  for (const name of ['./count-worker.js', './count-worker.mjs']) {
    const script = new URL(name, import.meta.url);
    if (existsSync(script)) return script;
  }
  throw new Error('count-worker script not found beside the server');
}

/**
 * A few threads (node:worker_threads) that count texts off the event loop. Threads start on the
 * first text, each loads its own encoder (about 70 MB, so the event loop never does), and stop after
 * `idleMs` without work. Texts waiting for a thread are bounded by `queueLimit` characters: past it
 * `count` answers null.
 */
export class TokenCountPool {
  private readonly threads: CountThread[] = [];
  /** whole texts of at most SLICE characters: served first */
  private readonly short: CountJob[] = [];
  /** slices of longer texts */
  private readonly slices: CountJob[] = [];
  private queuedCharacters = 0;
  private nextId = 1;

  constructor(
    private readonly size: number,
    private readonly queueLimit: number,
    private readonly idleMs: number,
  ) {}

  count(text: string): Promise<number> | null {
    if (this.queuedCharacters + text.length > this.queueLimit) return null;
    if (text.length <= SLICE) return this.enqueue(this.short, text);
    const parts: Array<Promise<number>> = [];
    for (let start = 0; start < text.length; ) {
      const end = cutAfter(text, start, SLICE);
      parts.push(this.enqueue(this.slices, text.slice(start, end)));
      start = end;
    }
    return Promise.all(parts).then((counts) => counts.reduce((sum, count) => sum + count, 0));
  }

  private enqueue(queue: CountJob[], text: string): Promise<number> {
    return new Promise((resolve, reject) => {
      queue.push({ id: this.nextId++, text, resolve, reject });
      this.queuedCharacters += text.length;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.short.length > 0 || this.slices.length > 0) {
      const thread = this.threads.find((candidate) => candidate.job === null) ?? (this.threads.length < this.size ? this.start() : null);
      if (!thread) return;
      const job = (this.short.shift() ?? this.slices.shift()) as CountJob;
      this.queuedCharacters -= job.text.length;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.job = job;
      thread.worker.postMessage({ id: job.id, text: job.text });
    }
  }

  private start(): CountThread {
    const worker = new Worker(workerScript());
    worker.unref();
    const thread: CountThread = { worker, job: null, idleTimer: null };
    worker.on('message', (answer: ThreadAnswer) => {
      const job = thread.job;
      if (!job || job.id !== answer.id) return;
      thread.job = null;
      if ('error' in answer) job.reject(new Error(answer.error));
      else job.resolve(answer.tokens);
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
    worker.on('exit', (code) => lost(new Error(`token counting thread exited (${code})`)));
    this.threads.push(thread);
    return thread;
  }

  private rest(thread: CountThread): void {
    thread.idleTimer = setTimeout(() => {
      const index = this.threads.indexOf(thread);
      if (index === -1 || thread.job) return;
      this.threads.splice(index, 1);
      void thread.worker.terminate();
    }, this.idleMs);
    thread.idleTimer.unref();
  }
}
