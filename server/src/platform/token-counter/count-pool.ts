import { ThreadPool, threadScript } from '../threads/thread-pool';
import { cutAfter } from './piece-count.mjs';

type ThreadAnswer = { id: number; tokens: number } | { id: number; error: string };

/**
 * Longest text a thread counts at once (about a quarter of a second): a longer one is counted slice
 * by slice (cut where the count stays exact), and short texts go before the next slice, so a huge
 * count makes the others wait one slice at most.
 */
const SLICE = 64 * 1024;

/**
 * A few threads that count texts off the event loop. Each loads its own encoder (about 70 MB, so the
 * event loop never does). Texts waiting for a thread are bounded by `queueLimit` characters: past it
 * `count` answers null.
 */
export class TokenCountPool {
  private readonly threads: ThreadPool<ThreadAnswer>;
  private queuedCharacters = 0;

  constructor(
    size: number,
    private readonly queueLimit: number,
    idleMs: number,
  ) {
    this.threads = new ThreadPool(threadScript(import.meta.url, 'count-worker'), size, idleMs);
  }

  count(text: string): Promise<number> | null {
    if (this.queuedCharacters + text.length > this.queueLimit) return null;
    if (text.length <= SLICE) return this.enqueue(text, true);
    const parts: Array<Promise<number>> = [];
    for (let start = 0; start < text.length;) {
      const end = cutAfter(text, start, SLICE);
      parts.push(this.enqueue(text.slice(start, end), false));
      start = end;
    }
    return Promise.all(parts).then((counts) => counts.reduce((sum, count) => sum + count, 0));
  }

  private async enqueue(text: string, urgent: boolean): Promise<number> {
    this.queuedCharacters += text.length;
    const answer = await this.threads.run({ text }, { urgent, started: () => (this.queuedCharacters -= text.length) });
    if ('error' in answer) throw new Error(answer.error);
    return answer.tokens;
  }
}
