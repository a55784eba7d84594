import { randomBytes } from 'node:crypto';
import {
  TOKEN_KEY_ALPHABET,
  TOKEN_KEY_LENGTH,
  TOKEN_KEY_PREFIX,
  TOKEN_NAME_SUFFIX_LENGTH,
} from '@switchboard/contract';

// The largest multiple of the alphabet size below 256: bytes at or above it are skipped so that
// every character is equally likely.
const ALPHABET_SIZE = TOKEN_KEY_ALPHABET.length;
const UNBIASED_LIMIT = Math.floor(256 / ALPHABET_SIZE) * ALPHABET_SIZE;

/** `length` characters of [0-9a-zA-Z] from the operating system's secure random source. */
export function randomAlphanumeric(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      text += TOKEN_KEY_ALPHABET[byte % ALPHABET_SIZE];
      if (text.length === length) break;
    }
  }
  return text;
}

/** A new token key: 48 characters, stored as is and shown with `sk-`. */
export const generateTokenKey = (): string => randomAlphanumeric(TOKEN_KEY_LENGTH);

/** The name of an extra token of a bulk creation: `name-` and six random characters. */
export const bulkTokenName = (name: string): string => `${name}-${randomAlphanumeric(TOKEN_NAME_SUFFIX_LENGTH)}`;

/** The stored form of a key someone typed or pasted: without `sk-` and surrounding blanks. */
export function storedKeyOf(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith(TOKEN_KEY_PREFIX) ? trimmed.slice(TOKEN_KEY_PREFIX.length) : trimmed;
}
