import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { CompletionCounter } from '../../relay/stream/completion-counter';
import { countTokensInPieces } from './piece-count.mjs';
import { countTokens, EXACT_COUNT_LIMIT, estimateTokens } from './token-counter';

/** A deterministic generator, so that a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

/** `count` characters drawn from `[first, first + span)`: runs without separators the BPE cannot cache. */
function run(count: number, first: number, span: number, seed = 7): string {
  const next = seeded(seed);
  let text = '';
  for (let index = 0; index < count; index += 1) text += String.fromCodePoint(first + next(span));
  return text;
}

function words(count: number, separator: string, first: number, span: number): string {
  const next = seeded(11);
  const out: string[] = [];
  for (let index = 0; index < count; index += 1) out.push(run(2 + next(8), first, span, index + 1));
  return out.join(separator);
}

const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

const ordinaryTexts: Record<string, string> = {
  'English prose': source('../../../../README.md'),
  'TypeScript code': source('../../relay/pipeline.ts') + source('../../relay/attempt.ts'),
  JSON: JSON.stringify(JSON.parse(source('../../../package.json')), null, 2),
  'Chinese prose': words(3000, '，', 0x4e00, 3000).replaceAll(/(.{40})/gu, '$1。\n'),
  'Japanese and Korean': `${words(500, '、', 0x3041, 80)}\n${words(500, ' ', 0xac00, 2000)}`,
  'random Latin words': words(20_000, ' ', 0x61, 26),
  'contractions and numbers':
    "It's 12,345.67 o'clock; we'll see 2026-11-26T15:27:00Z, don't you think?\r\n\tFine.  ".repeat(400),
  'special-token names as plain text': 'Say <|endoftext|> and <|im_start|>user, then stop.'.repeat(50),
  emoji: '👍 ok 😀😀 👩‍👩‍👧 done! '.repeat(300),
};

describe('token counting', () => {
  it.each(Object.entries(ordinaryTexts))(
    'counts %s exactly as gpt-tokenizer does over the whole text',
    async (_kind, text) => {
      const expected = gptTokenizerCount(text, { disallowedSpecial: new Set() });
      expect(countTokensInPieces(text)).toBe(expected);
      expect(await countTokens(text)).toBe(expected);
    },
  );

  it('counts a stream fed in small pieces exactly as the whole text, beyond one block', async () => {
    for (const text of Object.values(ordinaryTexts)) {
      const counter = new CompletionCounter();
      for (let at = 0; at < text.length; at += 7) counter.add(text.slice(at, at + 7));
      expect(await counter.tokens()).toBe(gptTokenizerCount(text, { disallowedSpecial: new Set() }));
    }
  });

  it('counts runs without separators in linear time', () => {
    // gpt-tokenizer alone takes about 0.1 s for 2,000 such characters and 5 s for 40,000 (quadratic).
    const timed = (text: string) => {
      const started = performance.now();
      const tokens = countTokensInPieces(text);
      return { tokens, ms: performance.now() - started };
    };
    timed(run(2_000, 0x4e00, 20_000, 1));
    const short = timed(run(8_000, 0x4e00, 20_000, 2));
    const long = timed(run(80_000, 0x4e00, 20_000, 3));
    expect(long.tokens).toBeGreaterThan(80_000);
    // ten times the text: about ten times the time (a quadratic count would take a hundred times)
    expect(long.ms).toBeLessThan(short.ms * 25 + 50);
    expect(timed('中'.repeat(400_000)).ms).toBeLessThan(2_000);
    expect(timed(' '.repeat(400_000)).ms).toBeLessThan(2_000);
  });

  it('never counts on the event loop, however many streams end in one turn of it', async () => {
    const texts = Array.from({ length: 40 }, (_, index) => run(3_000, 0x4e00, 20_000, 100 + index));
    const started = performance.now();
    const counters = texts.map((text) => {
      const counter = new CompletionCounter();
      for (let at = 0; at < text.length; at += 100) counter.add(text.slice(at, at + 100));
      return counter.tokens();
    });
    // 120,000 characters: about half a second of counting, none of it on the loop
    expect(performance.now() - started).toBeLessThan(100);
    expect(await Promise.all(counters)).toEqual(texts.map((text) => gptTokenizerCount(text)));
  });

  it('counts a 400,000-character run in a thread while the event loop stays free', async () => {
    const text = run(400_000, 0x4e00, 20_000, 5);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const tokens = await countTokens(text);
    delay.disable();
    expect(tokens).toBeGreaterThan(400_000);
    // Counted on the loop this would hold it for seconds (minutes before the pieces). The bound leaves
    // room for a shared 2-core machine under load, where the thread and the loop compete for a core.
    expect(delay.max / 1e6).toBeLessThan(400);
  });

  it('estimates a text past EXACT_COUNT_LIMIT instead of holding a thread for minutes', async () => {
    const text = 'a'.repeat(EXACT_COUNT_LIMIT + 1);
    expect(await countTokens(text)).toBe(estimateTokens(text));
    expect(estimateTokens('中文ab')).toBe(3);
  });
});
