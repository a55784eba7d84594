import { availableParallelism } from 'node:os';
import { TokenCountPool } from './count-pool';

/**
 * Longest text counted exactly (a few seconds in a thread); a longer one is estimated, so that a
 * bill or an answer never waits minutes for the tokenizer.
 */
export const EXACT_COUNT_LIMIT = 1_000_000;
/** Characters waiting for a counting thread; past it a text is estimated instead. */
export const COUNT_QUEUE_LIMIT = 4 * EXACT_COUNT_LIMIT;
/** A counting thread left idle this long stops and gives its encoder's memory back. */
const IDLE_THREAD_MS = 5 * 60_000;

let pool: TokenCountPool | null = null;
const threads = () =>
  (pool ??= new TokenCountPool(
    Math.max(1, Math.min(2, availableParallelism() - 1)),
    COUNT_QUEUE_LIMIT,
    IDLE_THREAD_MS,
  ));

/**
 * o200k count of a text, never on the event loop: in a counting thread (the encoder's load, 150 ms
 * and 70 MB, and every count happen there), exactly gpt-tokenizer's count for ordinary text and
 * linear in the length for any text (piece-count.mjs); estimated past EXACT_COUNT_LIMIT characters
 * or when the threads' queue is full. It never rejects; an empty text answers 0 at once.
 */
export function countTokens(text: string): number | Promise<number> {
  if (!text) return 0;
  const counted = text.length <= EXACT_COUNT_LIMIT ? threads().count(text) : null;
  // A thread that died (or a queue that is full) leaves the estimate: a bill is never lost to counting.
  return counted ? counted.catch(() => estimateTokens(text)) : estimateTokens(text);
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/** A cheap size estimate (no tokenizer): about four Latin characters or one CJK character per token. */
export function estimateTokens(text: string): number {
  if (!text) return 0;
  // The regex engine finds none in Latin text at once; `replace` keeps no list of what it found.
  const cjk = text.length - text.replace(CJK, '').length;
  return Math.ceil((text.length - cjk) / 4) + cjk;
}
