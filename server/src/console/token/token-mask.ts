import type { TokenView } from '@switchboard/contract';
import type { AppContext } from '../../app-context';

/**
 * How lists show a key (reference §4): up to 4 characters all asterisks; up to 8 the first and last
 * 2 around `****`; longer the first and last 4 around ten asterisks.
 */
export function maskTokenKey(key: string): string {
  if (key.length <= 4) return '*'.repeat(key.length);
  if (key.length <= 8) return `${key.slice(0, 2)}****${key.slice(-2)}`;
  return `${key.slice(0, 4)}${'*'.repeat(10)}${key.slice(-4)}`;
}

/** The view as lists, search, `GET /api/token/:id` and the edit's reply show it: masked unless the option keeps whole keys. */
export function listedToken(context: AppContext, view: TokenView): TokenView {
  return context.options.boolean('TokenKeysInListsEnabled') ? view : { ...view, key: maskTokenKey(view.key) };
}
