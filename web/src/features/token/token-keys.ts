import type { TokenView } from '@switchboard/contract';
import { revealTokenKey, revealTokenKeys } from '../../api/resources/token';

/** The reveal route takes at most this many ids per call. */
const BATCH_LIMIT = 100;

/** Whole keys this page has revealed, kept in memory only (reference §4: lists show masked keys). */
const revealed = new Map<number, string>();

/** A list shows `abcd**********wxyz`; with the "whole keys in lists" option on, the key itself. */
const isMasked = (key: string) => key.includes('*');

/** The whole stored key (without `sk-`) of one token: from the list when it is whole, else `POST /api/token/:id/key` once. */
export async function tokenKeyOf(token: Pick<TokenView, 'id' | 'key'>): Promise<string> {
  if (!isMasked(token.key)) return token.key;
  const cached = revealed.get(token.id);
  if (cached !== undefined) return cached;
  const key = await revealTokenKey(token.id);
  revealed.set(token.id, key);
  return key;
}

/** Whole keys of several tokens: `POST /api/token/batch/keys` for those not revealed yet, 100 ids a call. */
export async function tokenKeysOf(tokens: Pick<TokenView, 'id' | 'key'>[]): Promise<Map<number, string>> {
  const missing = tokens.filter((token) => isMasked(token.key) && !revealed.has(token.id)).map((token) => token.id);
  for (let start = 0; start < missing.length; start += BATCH_LIMIT) {
    const ids = missing.slice(start, start + BATCH_LIMIT);
    const keys = await revealTokenKeys(ids);
    for (const [id, key] of Object.entries(keys)) revealed.set(Number(id), key);
  }
  return new Map(tokens.map((token) => [token.id, isMasked(token.key) ? (revealed.get(token.id) ?? '') : token.key]));
}
