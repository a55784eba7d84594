import type { Text } from '../text';
import en from './en.json';
import zh from './zh.json';

/** The keys of `T` with a string at every leaf: what the other language's catalogue must hold. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** A catalogue whose every message is a `Text` in both languages. */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? Text : Catalogue<T[K]> };

interface Tree {
  [key: string]: string | Tree;
}

function paired(chinese: Tree, english: Tree): Tree {
  const entries = Object.entries(chinese).map(([key, value]) => {
    const other = english[key];
    if (typeof value === 'string')
      return [key, Object.freeze({ zh: value, en: typeof other === 'string' ? other : value })];
    return [key, paired(value, typeof other === 'object' ? other : {})];
  });
  return Object.freeze(Object.fromEntries(entries));
}

/**
 * Every user-visible server message, by area (`messages.userAdmin.roleInvalid`), as a `Text` that the
 * reply is localized from; zh is the fallback. The texts live in `zh.json` and `en.json`, which must hold
 * the same keys.
 */
export const messages = paired(zh satisfies Shape<typeof en>, en satisfies Shape<typeof zh>) as unknown as Catalogue<
  typeof zh
>;
