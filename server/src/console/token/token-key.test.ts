import { TOKEN_KEY_ALPHABET, TOKEN_KEY_LENGTH } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { bulkTokenName, generateTokenKey, randomAlphanumeric, storedKeyOf } from './token-key';

describe('token keys', () => {
  it('are 48 characters of [0-9a-zA-Z]', () => {
    for (let index = 0; index < 200; index++) expect(generateTokenKey()).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(TOKEN_KEY_LENGTH).toBe(48);
  });

  it('do not repeat over many draws', () => {
    const keys = new Set(Array.from({ length: 20_000 }, generateTokenKey));
    expect(keys.size).toBe(20_000);
  });

  it('use every character of the alphabet, none far more often than the others', () => {
    const counts = new Map<string, number>();
    for (const character of randomAlphanumeric(124_000)) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(TOKEN_KEY_ALPHABET.length);
    // 2000 expected per character; a biased modulo would push the first characters ~25% higher.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(1700);
      expect(count).toBeLessThan(2300);
    }
  });

  it('name the extra tokens of a bulk creation with a 6-character suffix', () => {
    expect(bulkTokenName('team')).toMatch(/^team-[0-9a-zA-Z]{6}$/);
    expect(bulkTokenName('team')).not.toBe(bulkTokenName('team'));
  });

  it('read a typed key without sk- and blanks', () => {
    expect(storedKeyOf('  sk-abc ')).toBe('abc');
    expect(storedKeyOf('abc')).toBe('abc');
  });
});
