// Plain JavaScript so that the counting worker thread (count-worker.mjs) can load it without a
// TypeScript step when the server runs from its sources; the types are in piece-count.d.mts.
import { createRequire } from 'node:module';

/**
 * Longest piece handed to the BPE at once. Its merge loop costs the square of a piece's length,
 * so a run without separators (one character repeated 400,000 times) is cut into pieces this long:
 * counting stays linear, a few microseconds a character whatever the text.
 */
export const PIECE_LIMIT = 256;

/** @type {((text: string, options?: object) => number) | null} */
let countPiece = null;
/** Special-token names (`<|endoftext|>`) in a caller's text are counted as the plain text they are. */
const ORDINARY = { disallowedSpecial: new Set() };

/**
 * The o200k encoder costs about 70 MB and 150 ms to load, and most upstreams report usage, so it is
 * loaded on first use, in the counting thread (the server's event loop never loads it).
 * @returns {(text: string, options?: object) => number}
 */
function encoder() {
  countPiece ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base').countTokens;
  return /** @type {(text: string, options?: object) => number} */ (countPiece);
}

const isLetterOrDigit = (/** @type {number} */ code) =>
  (code >= 0x30 && code <= 0x39) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x3041 && code <= 0x3096) ||
  (code >= 0x30a1 && code <= 0x30fa) ||
  (code >= 0x3400 && code <= 0x4dbf) ||
  (code >= 0x4e00 && code <= 0x9fff) ||
  (code >= 0xac00 && code <= 0xd7a3);

/** ASCII space, controls and punctuation except the apostrophe (which joins `'s`, `'re`…), and CJK punctuation. */
const isSeparator = (/** @type {number} */ code) =>
  (code <= 0x2f && code !== 0x27) ||
  (code >= 0x3a && code <= 0x40) ||
  (code >= 0x5b && code <= 0x60) ||
  (code >= 0x7b && code <= 0x7f) ||
  code === 0x3001 ||
  code === 0x3002 ||
  code === 0xff01 ||
  code === 0xff0c ||
  code === 0xff1a ||
  code === 0xff1b ||
  code === 0xff1f;

/**
 * Whether o200k's pre-tokenizer always starts a new piece at `index`: after a letter or digit and
 * before a separator (no pattern of o200k's split expression runs from a letter into a space or a
 * punctuation mark), or after a line break and before a letter or digit. Counting the text in parts
 * cut there gives exactly the count of the whole.
 * @param {string} text
 * @param {number} index
 */
export function isExactCut(text, index) {
  const before = text.charCodeAt(index - 1);
  const at = text.charCodeAt(index);
  return (isLetterOrDigit(before) && isSeparator(at)) || (before === 0x0a && isLetterOrDigit(at));
}

/**
 * Where to cut `text` at most `limit` characters after `start`: the last exact cut, or, in a run
 * with none (hostile input), the limit itself (never inside a surrogate pair).
 * @param {string} text
 * @param {number} start
 * @param {number} limit
 */
export function cutAfter(text, start, limit) {
  const end = start + limit;
  if (end >= text.length) return text.length;
  for (let index = end; index > start; index -= 1) {
    if (isExactCut(text, index)) return index;
  }
  const code = text.charCodeAt(end);
  return code >= 0xdc00 && code <= 0xdfff ? end - 1 : end;
}

/**
 * Where a text that grows at its end may be cut for counting now: the last exact cut within
 * PIECE_LIMIT characters of its end, else its end (a run without separators is cut anyway).
 * @param {string} text
 */
export function lastExactCut(text) {
  for (let index = text.length - 1; index > 0 && index >= text.length - PIECE_LIMIT; index -= 1) {
    if (isExactCut(text, index)) return index;
  }
  const code = text.charCodeAt(text.length - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.length - 1 : text.length;
}

/**
 * o200k token count of `text`, linear in its length: the count of gpt-tokenizer over the whole for
 * ordinary text, within a token or two per cut run for a run of more than PIECE_LIMIT characters
 * without a separator.
 * @param {string} text
 */
export function countTokensInPieces(text) {
  if (!text) return 0;
  const count = encoder();
  const options = text.includes('<|') ? ORDINARY : undefined;
  let total = 0;
  for (let start = 0; start < text.length;) {
    const end = cutAfter(text, start, PIECE_LIMIT);
    total += count(text.slice(start, end), options);
    start = end;
  }
  return total;
}
