import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill } from '../text';
import { messages } from './catalogue';
import en from './en.json';
import zh from './zh.json';

interface Tree {
  [key: string]: string | Tree;
}

/** Every message of a catalogue by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

/** Production sources of the server (tests may spell out the text they expect). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const chinese = flatten(zh);
const english = flatten(en);

describe('the server message catalogues', () => {
  it('hold the same keys in both languages', () => {
    expect([...english.keys()].sort()).toEqual([...chinese.keys()].sort());
  });

  it('fill the same placeholders in both languages, so no reply shows a raw {name}', () => {
    const differing = [...chinese].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(english.get(key) ?? '').join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('say each message once: no two keys carry the same text in both languages', () => {
    const seen = new Map<string, string>();
    const twins: string[] = [];
    for (const [key, text] of chinese) {
      const both = `${text}\u0000${english.get(key)}`;
      const first = seen.get(both);
      if (first) twins.push(`${first} = ${key}`);
      else seen.set(both, key);
    }
    expect(twins).toEqual([]);
  });

  it('answer a key with its text in both languages, ready to fill', () => {
    expect(fill(messages.userAdmin.displayNameTooLong, { max: 20 })).toEqual({
      zh: '显示名称不能超过 20 个字符',
      en: 'The display name must not be longer than 20 characters',
    });
    expect(messages.common.userNotFound).toEqual({ zh: '用户不存在', en: 'User does not exist' });
  });

  it('are the one home of server text: no source writes a message of its own', () => {
    const serverSource = new URL('../..', import.meta.url).pathname;
    const literal = /\bzh:\s*['"`]/;
    const writers = sourceFiles(serverSource).filter(
      (path) => !path.includes('/testing/') && literal.test(readFileSync(path, 'utf8')),
    );
    expect(writers).toEqual([]);
  });
});
