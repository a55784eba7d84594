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
  it('reads the upstream usage, hides the usage-only chunk the client did not ask for, and skips local counting', async () => {
    const tap = new SseUsageTap(false);
    const forwarded = run(tap, [delta('Hello'), delta(' world'), usageChunk, 'data: [DONE]\n\n']);
    expect(tap.usage).toEqual({ promptTokens: 7, completionTokens: 3 });
    expect(forwarded).toBe(delta('Hello') + delta(' world') + 'data: [DONE]\n\n');
    expect(await tap.localCompletionTokens()).toBe(0);
  });

  it('counts the completion locally when the upstream reports no usage', async () => {
    const tap = new SseUsageTap(false);
    run(tap, [delta('Hello'), delta(' world'), 'data: [DONE]\n\n']);
    expect(tap.usage).toBeNull();
    expect(await tap.localCompletionTokens()).toBe(2);
  });

  it('forwards events split across chunks whole, and the usage chunk when the client asked for it', () => {
    const tap = new SseUsageTap(true);
    const whole = delta('Hi') + usageChunk;
    const forwarded = run(tap, [whole.slice(0, 9), whole.slice(9, 40), whole.slice(40)]);
    expect(forwarded).toBe(whole);
    expect(tap.usage).toEqual({ promptTokens: 7, completionTokens: 3 });
  });

  it('counts the same completion whether or not the upstream sends "usage": null in every chunk', async () => {
    const words = Array.from({ length: 6000 }, (_, index) => ` word${index}`);
    const plain = new SseUsageTap(false);
    run(plain, [...words.map(delta), 'data: [DONE]\n\n']);
    const withNullUsage = new SseUsageTap(false);
    run(withNullUsage, [
      ...words.map((word) => event({ choices: [{ index: 0, delta: { content: word } }], usage: null })),
      'data: [DONE]\n\n',
    ]);
    expect(withNullUsage.usage).toBeNull();
    expect(await plain.localCompletionTokens()).toBeGreaterThan(6000);
    expect(await withNullUsage.localCompletionTokens()).toBe(await plain.localCompletionTokens());
  });

  it('forwards many events of one chunk at once, leaving out only the usage-only chunk', () => {
    const before = delta('a') + ': keep-alive\n\n' + delta('b');
    const after = 'event: note\ndata: {"x":1}\n\n' + delta('c') + 'data: [DONE]\n\n';
    const tap = new SseUsageTap(false);
    expect(tap.push(Buffer.from(before + usageChunk + after)).toString('utf8')).toBe(before + after);
    expect(tap.usage).toEqual({ promptTokens: 7, completionTokens: 3 });
    expect(tap.sawDone).toBe(true);
  });

  it('gives the same answer, usage and local count however the upstream cuts its chunks (CRLF too)', async () => {
    const words = Array.from({ length: 40 }, (_, index) => ` wörd${index}`);
    const events = [...words.slice(0, 20).map(delta), ': ping\n\n', ...words.slice(20).map(delta)];
    const streams = [
      { text: events.join('') + usageChunk + 'data: [DONE]\n\n', forwarded: events.join('') + 'data: [DONE]\n\n' },
      { text: events.join('') + 'data: [DONE]\n\n', forwarded: events.join('') + 'data: [DONE]\n\n' },
      {
        text: events.join('').replace(/\n/g, '\r\n') + 'data: [DONE]\r\n\r\n',
        forwarded: events.join('') + 'data: [DONE]\n\n',
      },
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (const stream of streams) {
      const wholeTap = new SseUsageTap(false);
      expect(run(wholeTap, [stream.text])).toBe(stream.forwarded);
      for (let round = 0; round < 20; round += 1) {
        // Cut at byte positions, also inside a multi-byte character.
        const bytes = Buffer.from(stream.text);
        const tap = new SseUsageTap(false);
        const forwarded: Buffer[] = [];
        for (let at = 0; at < bytes.length;) {
          const size = 1 + Math.floor(random() * 300);
          forwarded.push(tap.push(Buffer.from(bytes.subarray(at, at + size))));
          at += size;
        }
        forwarded.push(tap.end());
        expect(Buffer.concat(forwarded).toString('utf8')).toBe(stream.forwarded);
        expect(tap.usage).toEqual(wholeTap.usage);
        expect(await tap.localCompletionTokens()).toBe(await wholeTap.localCompletionTokens());
      }
      if (!wholeTap.usage) expect(await wholeTap.localCompletionTokens()).toBeGreaterThan(40);
    }
  });
});
