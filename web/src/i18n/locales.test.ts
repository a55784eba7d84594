import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { localeFiles } from './resources';

/** Every leaf key of a namespace, dotted: `errors.network`. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function namespacesOf(language: string): Map<string, string[]> {
  return new Map(
    localeFiles
      .filter((file) => file.language === language)
      .map((file) => [file.namespace, leafKeys(file.content).sort()]),
  );
}

describe('locale files', () => {
  const zh = namespacesOf('zh');

  it('exist for every supported language and nothing else', () => {
    expect(new Set(localeFiles.map((file) => file.language))).toEqual(new Set(LANGUAGES));
    expect(zh.size).toBeGreaterThan(0);
  });

  it.each(LANGUAGES.filter((language) => language !== 'zh'))(
    '%s has exactly the namespaces and keys of zh',
    (language) => {
      const other = namespacesOf(language);
      expect([...other.keys()].sort()).toEqual([...zh.keys()].sort());
      for (const [namespace, keys] of zh)
        expect({ namespace, keys: other.get(namespace) }).toEqual({ namespace, keys });
    },
  );

  it('has no empty strings', () => {
    for (const file of localeFiles) {
      const empty = leafKeys(file.content).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file.content);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect({ file: `${file.language}/${file.namespace}`, empty }).toEqual({
        file: `${file.language}/${file.namespace}`,
        empty: [],
      });
    }
  });

  it('uses the same interpolation variables in every language', () => {
    const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const textAt = (content: unknown, key: string) =>
      String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], content));
    for (const file of localeFiles.filter((entry) => entry.language !== 'zh')) {
      const reference = localeFiles.find((entry) => entry.language === 'zh' && entry.namespace === file.namespace);
      for (const key of leafKeys(file.content)) {
        expect({ key, vars: variables(textAt(file.content, key)) }).toEqual({
          key,
          vars: variables(textAt(reference?.content, key)),
        });
      }
    }
  });
});
