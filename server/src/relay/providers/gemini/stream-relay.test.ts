import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GeminiChunkTranslator, GeminiSseRelay } from './stream-relay';

const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8').replace(/\n/g, '\r\n');

/** Feeds a recording in pieces of `size` bytes, cutting events (and characters) anywhere. */
function inPieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces;
}

describe('a Gemini stream relayed to a Gemini client', () => {
  it('forwards every event once, whole, however the bytes arrive, and keeps the last usage', async () => {
    const relay = new GeminiSseRelay();
    const out = [...inPieces(fixture('stream-text.sse'), 7).map((piece) => relay.push(piece)), relay.end()]
      .map((bytes) => bytes.toString('utf8'))
      .join('');
    const events = out.split('\r\n\r\n').filter(Boolean);
    expect(events).toHaveLength(3);
    expect(
      events.map(
        (event) =>
          (
            JSON.parse(event.replace(/^data: /, '')) as {
              candidates: Array<{ content: { parts: Array<{ text: string }> } }>;
            }
          ).candidates[0]?.content.parts[0]?.text,
      ),
    ).toEqual(['Hello', ' from Gemini', '!']);
    expect(relay.usage).toEqual({ promptTokens: 8, completionTokens: 17 });
    expect(await relay.localCompletionTokens()).toBeGreaterThan(0);
  });

  it('keeps a data field spread over several lines an SSE event', () => {
    const relay = new GeminiSseRelay();
    const out = relay.push(Buffer.from('data: {"candidates":\ndata: []}\n\n')).toString('utf8');
    expect(out).toBe('data: {"candidates":\r\ndata: []}\r\n\r\n');
  });
});

describe('a Gemini stream translated for another dialect', () => {
  it('reports an error event as the stream failure and makes up no finish reason after it', () => {
    const translator = new GeminiChunkTranslator('gemini-2.5-flash');
    const chunks = [...translator.push(Buffer.from(fixture('stream-error.sse'))), ...translator.end()];
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content)).toEqual(['Hello']);
    expect(translator.failure).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'The model is overloaded. Please try again later.',
    });
    expect(translator.usage).toEqual({ promptTokens: 8, completionTokens: 1 });
  });
});
