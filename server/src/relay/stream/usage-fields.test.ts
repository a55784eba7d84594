import { describe, expect, it } from 'vitest';
import { usageFromJsonTail } from './usage-fields';

const answer = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('usage read from the end of a JSON answer', () => {
  it('reads the usage of a chat completion, cached tokens included', () => {
    const bytes = answer({
      id: 'chatcmpl-1',
      choices: [{ message: { role: 'assistant', content: 'hi' } }],
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15, prompt_tokens_details: { cached_tokens: 8 } },
    });
    expect(usageFromJsonTail(bytes)).toEqual({ promptTokens: 12, completionTokens: 3, cachedTokens: 8 });
  });

  it('reads the usage nested in a responses answer and tolerates spaces after the key', () => {
    const bytes = Buffer.from('{"response":{"output":[],"usage":  {"input_tokens":5,"output_tokens":7}}}');
    expect(usageFromJsonTail(bytes)).toEqual({ promptTokens: 5, completionTokens: 7 });
  });

  it('is not fooled by the word usage inside the model text', () => {
    const bytes = answer({
      choices: [{ message: { content: 'say "usage":{"prompt_tokens":999} and {braces}' } }],
      usage: { prompt_tokens: 4, completion_tokens: 2 },
    });
    expect(usageFromJsonTail(bytes)).toEqual({ promptTokens: 4, completionTokens: 2 });
    const textOnly = answer({ choices: [{ message: { content: '"usage":{"prompt_tokens":999}' } }] });
    expect(usageFromJsonTail(textOnly)).toBeNull();
  });

  it('answers null when there is no usage object, so the caller parses the whole answer', () => {
    expect(usageFromJsonTail(answer({ choices: [], usage: null }))).toBeNull();
    expect(usageFromJsonTail(Buffer.from('{"usage":{"prompt_tokens":1'))).toBeNull();
    expect(usageFromJsonTail(answer({ meta: { billed_units: { input_tokens: 3 } } }))).toBeNull();
  });

  it('reads the usage at the end of a large embeddings answer', () => {
    const vector = Array.from({ length: 3072 }, (_, index) => index / 3072);
    const bytes = answer({
      object: 'list',
      data: [{ embedding: vector }, { embedding: vector }],
      usage: { prompt_tokens: 9, total_tokens: 9 },
    });
    expect(usageFromJsonTail(bytes)).toEqual({ promptTokens: 9, completionTokens: 0 });
  });
});
