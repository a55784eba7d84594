import { fill, type Text } from './text';
import { messages } from './i18n/catalogue';

/** Deepest nesting of objects and arrays a JSON body may have (relay and console). */
export const JSON_NESTING_LIMIT = 64;
/**
 * Most objects, arrays and list items (commas) a JSON body may hold: parsing 100,000 small values
 * holds the event loop for about 30 ms on the project's machine, so no body can hold it longer.
 * Long strings (images as base64) are not elements and cost far less per byte.
 */
export const JSON_ELEMENT_LIMIT = 100_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const NUL_ESCAPE = Buffer.from('\\u0000');

/** Whether a request's path or query carries a NUL character (`%00`), which PostgreSQL text refuses. */
export const urlHoldsNul = (url: string) => url.includes('%00');

/** Whether the byte at `index` is escaped (an odd run of backslashes before it). */
function escaped(bytes: Buffer, index: number): boolean {
  let backslashes = 0;
  for (let at = index - 1; at >= 0 && bytes[at] === BACKSLASH; at -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** The quote closing the string opened at `open`, or -1 (a malformed body, left to the JSON parser). */
function closingQuote(bytes: Buffer, open: number): number {
  let at = bytes.indexOf(QUOTE, open + 1);
  while (at !== -1 && escaped(bytes, at)) at = bytes.indexOf(QUOTE, at + 1);
  return at;
}

function holdsNul(bytes: Buffer): boolean {
  if (bytes.indexOf(0) !== -1) return true;
  for (let at = bytes.indexOf(NUL_ESCAPE); at !== -1; at = bytes.indexOf(NUL_ESCAPE, at + 1)) {
    if (!escaped(bytes, at)) return true;
  }
  return false;
}

/**
 * What is wrong with a JSON body before it is parsed, or null: a NUL character (PostgreSQL text
 * refuses it), nesting deeper than JSON_NESTING_LIMIT (recursive readers overflow the stack), or more
 * than JSON_ELEMENT_LIMIT elements. One pass; string contents are skipped with native searches.
 */
export function jsonBodyProblem(bytes: Buffer): Text | null {
  let depth = 0;
  let elements = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte === QUOTE) {
      index = closingQuote(bytes, index);
      if (index === -1) break;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      elements += 1;
      if (depth > JSON_NESTING_LIMIT) return fill(messages.jsonGuard.nesting, { limit: JSON_NESTING_LIMIT });
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    } else if (byte === COMMA) {
      elements += 1;
    } else continue;
    if (elements > JSON_ELEMENT_LIMIT) return fill(messages.jsonGuard.elements, { limit: JSON_ELEMENT_LIMIT });
  }
  return holdsNul(bytes) ? messages.jsonGuard.nul : null;
}
