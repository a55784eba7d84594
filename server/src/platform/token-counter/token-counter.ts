import { availableParallelism } from 'node:os';
import { TokenCountPool } from './count-pool';
import { countTokensInPieces } from './piece-count.mjs';

/**
 * Texts up to this many characters are counted on the event loop (at most about 20 ms, a few
 * microseconds a character); longer ones go to a counting thread.
 */
export const SYNC_COUNT_LIMIT = 4096;
/**
 * Longest text counted exactly (a few seconds in a thread); a longer one is estimated, so that a
 * bill or an answer never waits minutes for the tokenizer.
 */
export const EXACT_COUNT_LIMIT = 1_000_000;
/** Characters waiting for a counting thread; past it a long text is estimated instead. */
export const COUNT_QUEUE_LIMIT = 4 * EXACT_COUNT_LIMIT;
const IDLE_THREAD_MS = 30_000;

let pool: TokenCountPool | null = null;
const threads = () => (pool ??= new TokenCountPool(Math.max(1, Math.min(2, availableParallelism() - 1)), COUNT_QUEUE_LIMIT, IDLE_THREAD_MS));

/**
 * o200k count of a short text, on the event loop: exactly gpt-tokenizer's for ordinary text, and
 * linear in the length for any text. Keep texts within SYNC_COUNT_LIMIT (or use `countTokens`).
 */
export function countTokensNow(text: string): number {
  return countTokensInPieces(text);
}

/**
 * o200k count of a text of any length without holding the event loop: on the loop up to
 * SYNC_COUNT_LIMIT characters, in a counting thread up to EXACT_COUNT_LIMIT, estimated beyond.
 */
export function countTokens(text: string): Promise<number> {
  if (text.length <= SYNC_COUNT_LIMIT) return Promise.resolve(countTokensInPieces(text));
  const counted = text.length <= EXACT_COUNT_LIMIT ? threads().count(text) : null;
  // A thread that died (or a queue that is full) leaves the estimate: a bill is never lost to counting.
  return counted ? counted.catch(() => estimateTokens(text)) : Promise.resolve(estimateTokens(text));
}

const isCjk = (code: number) =>
  (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af) || (code >= 0xf900 && code <= 0xfaff);

/** A cheap size estimate (no tokenizer): about four Latin characters or one CJK character per token. */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (let index = 0; index < text.length; index += 1) if (isCjk(text.charCodeAt(index))) cjk += 1;
  return Math.ceil((text.length - cjk) / 4) + cjk;
}
