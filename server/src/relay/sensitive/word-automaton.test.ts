import { describe, expect, it } from 'vitest';
import { parseWordList, WordAutomaton } from './word-automaton';

describe('the word automaton', () => {
  const automaton = new WordAutomaton(parseWordList('he\nshe\nhers\n违禁\n\n  Bomb  \n'));

  it('finds any listed word in one pass (answering it as listed), ASCII letters in either case, CJK as written', () => {
    expect(automaton.firstIn('ushers')).toBe('she');
    expect(automaton.firstIn('a BOMB here')).toBe('Bomb');
    expect(automaton.firstIn('这是违禁内容')).toBe('违禁');
    expect(automaton.firstIn('nothing to see')).toBeNull();
    expect(new WordAutomaton([]).firstIn('anything')).toBeNull();
  });

  it('finds a word whose end only shows through a failure link', () => {
    const overlapping = new WordAutomaton(['abcd', 'bc']);
    expect(overlapping.firstIn('xabcx')).toBe('bc');
  });

  it('masks every occurrence, overlapping ones included, with as many asterisks', () => {
    expect(automaton.mask('ushers and bombs')).toBe('u***** and ****s');
    expect(automaton.mask('违禁品')).toBe('**品');
    expect(automaton.mask('clean text')).toBe('clean text');
  });

  it('carries its state across pieces of a stream', () => {
    let state = 0;
    const found: string[] = [];
    for (const piece of ['bo', 'm', 'b!']) {
      for (let index = 0; index < piece.length; index += 1) {
        state = automaton.step(state, piece.charCodeAt(index));
        const word = automaton.outputOf(state);
        if (word) found.push(word);
      }
    }
    expect(found).toEqual(['Bomb']);
  });
});
