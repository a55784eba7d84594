import { describe, expect, it } from 'vitest';
import {
  effectiveCompletionRatios,
  referenceCompletionRatio,
  REFERENCE_DEFAULT_COMPLETION_RATIOS,
} from './reference-completion-ratios';

describe("the reference's completion ratios (reference notes §3.7, the spec's era)", () => {
  const stored = { 'gpt-4o': 9, 'gpt-4-0613': 7, 'house/model': 6, 'o1-mini': 9, 'qwen-max': 3.5, 'gpt-4-all': 2.5 };

  it.each([
    ['gpt-4o', 4],
    ['gpt-4o-2024-05-13', 3],
    ['gpt-4o-mini', 4],
    ['chatgpt-4o-latest', 3],
    ['gpt-4-turbo-2024-04-09', 3],
    ['gpt-4.5-preview', 2],
    ['gpt-3.5-turbo', 3],
    ['gpt-3.5-turbo-0125', 3],
    ['gpt-3.5-turbo-1106', 2],
    ['gpt-3.5-turbo-16k', 4 / 3],
    ['o1-mini', 4],
    ['o3-mini', 4],
    ['claude-3-5-sonnet-20240620', 5],
    ['claude-2.1', 3],
    ['mistral-large-latest', 3],
    ['gemini-1.5-pro', 4],
    ['command-r', 3],
    ['command-r-plus', 5],
    ['command-light', 4],
    ['deepseek-chat', 4],
    ['ERNIE-Speed-8K', 2],
  ])('applies the built-in rule for %s before the stored option', (model, ratio) => {
    expect(referenceCompletionRatio(model, stored)).toBeCloseTo(ratio, 10);
  });

  it('reads the stored option where no rule is locked, and for names with "/" first', () => {
    expect(referenceCompletionRatio('gpt-4-0613', stored)).toBe(7);
    expect(referenceCompletionRatio('gpt-4-0613', {})).toBe(2);
    expect(referenceCompletionRatio('qwen-max', stored)).toBe(3.5);
    expect(referenceCompletionRatio('qwen-max', {})).toBe(1);
    expect(referenceCompletionRatio('house/model', stored)).toBe(6);
    expect(referenceCompletionRatio('gpt-4-all', stored)).toBe(2.5);
  });

  it('builds one table for every model named, the stored default of the option when it was never saved', () => {
    expect(
      effectiveCompletionRatios(['gpt-4o', 'gpt-4-all', 'gpt-4o', 'llama-3'], REFERENCE_DEFAULT_COMPLETION_RATIOS),
    ).toEqual({
      'gpt-4-all': 2,
      'gpt-4o': 4,
      'llama-3': 1,
    });
  });
});
