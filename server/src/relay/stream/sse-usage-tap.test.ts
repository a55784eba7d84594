import { describe, expect, it } from 'vitest';
import { SseUsageTap } from './sse-usage-tap';

const event = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const delta = (content: string) => event({ choices: [{ index: 0, delta: { content } }] });
const usageChunk = event({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } });

function run(tap: SseUsageTap, pieces: string[]): string {
  let forwarded = '';
  for (const piece of pieces) forwarded += tap.push(Buffer.from(piece)).toString('utf8');
  return forwarded + tap.end().toString('utf8');
}

describe('SseUsageTap', () => {
  it('reads the upstream usage, hides the usage-only chunk the client did not ask for, and skips local counting', () => {
    const tap = new SseUsageTap(false);
    const forwarded = run(tap, [delta('Hello'), delta(' world'), usageChunk, 'data: [DONE]\n\n']);
    expect(tap.usage).toEqual({ promptTokens: 7, completionTokens: 3 });
    expect(forwarded).toBe(delta('Hello') + delta(' world') + 'data: [DONE]\n\n');
    expect(tap.localCompletionTokens()).toBe(0);
  });

  it('counts the completion locally when the upstream reports no usage', () => {
    const tap = new SseUsageTap(false);
    run(tap, [delta('Hello'), delta(' world'), 'data: [DONE]\n\n']);
    expect(tap.usage).toBeNull();
    expect(tap.localCompletionTokens()).toBe(2);
  });

  it('forwards events split across chunks whole, and the usage chunk when the client asked for it', () => {
    const tap = new SseUsageTap(true);
    const whole = delta('Hi') + usageChunk;
    const forwarded = run(tap, [whole.slice(0, 9), whole.slice(9, 40), whole.slice(40)]);
    expect(forwarded).toBe(whole);
    expect(tap.usage).toEqual({ promptTokens: 7, completionTokens: 3 });
  });

  it('counts the same completion whether or not the upstream sends "usage": null in every chunk', () => {
    const words = Array.from({ length: 6000 }, (_, index) => ` word${index}`);
    const plain = new SseUsageTap(false);
    run(plain, [...words.map(delta), 'data: [DONE]\n\n']);
    const withNullUsage = new SseUsageTap(false);
    run(withNullUsage, [...words.map((word) => event({ choices: [{ index: 0, delta: { content: word } }], usage: null })), 'data: [DONE]\n\n']);
    expect(withNullUsage.usage).toBeNull();
    expect(plain.localCompletionTokens()).toBeGreaterThan(6000);
    expect(withNullUsage.localCompletionTokens()).toBe(plain.localCompletionTokens());
  });
});
