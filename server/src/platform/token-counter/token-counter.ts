import { availableParallelism } from 'node:os';
import { TokenCountPool } from './count-pool';
import { countTokensInPieces } from './piece-count.mjs';

/**
 * Texts up to this many characters may be counted on the event loop (about 20 ms at most, a few
 * microseconds a character); longer ones go to a counting thread.
 */
export const SYNC_COUNT_LIMIT = 4096;
/**
 * Characters counted on the event loop in one turn of it, over all calls together (about 40 ms at
 * most); past it, texts go to a counting thread until the next turn.
 */
export const TURN_COUNT_LIMIT = 2 * SYNC_COUNT_LIMIT;
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

let countedThisTurn = 0;
let turnEnd: NodeJS.Immediate | null = null;

/** Takes `length` characters of this turn's budget for counting on the loop; false when it is spent. */
function takeTurnBudget(length: number): boolean {
  if (countedThisTurn + length > TURN_COUNT_LIMIT) return false;
  countedThisTurn += length;
  turnEnd ??= setImmediate(() => {
    countedThisTurn = 0;
    turnEnd = null;
  });
  return true;
}

/**
 * o200k count of a text, on the event loop whatever its length: exactly gpt-tokenizer's for
 * ordinary text, and linear in the length for any text. Prefer `countTokens`.
 */
export function countTokensNow(text: string): number {
  return countTokensInPieces(text);
}

/**
 * o200k count of a text of any length without holding the event loop: counted at once (a number)
 * when it is short and this turn of the loop has counted little yet; otherwise a promise, counted
 * in a thread up to EXACT_COUNT_LIMIT characters and estimated beyond. It never rejects.
 */
export function countTokens(text: string): number | Promise<number> {
  if (text.length <= SYNC_COUNT_LIMIT && takeTurnBudget(text.length)) return countTokensInPieces(text);
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
