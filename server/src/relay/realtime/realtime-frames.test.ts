import { describe, expect, it } from 'vitest';
import { realtimeUsage } from '../../testing/fake-realtime-upstream';
import { PARSED_FRAME_LIMIT, readFrame, usageOfResponseDone } from './realtime-frames';

const frame = (event: Record<string, unknown>) => Buffer.from(JSON.stringify(event));

describe('reading realtime frames', () => {
  it('measures a 15 MiB audio append from its base64 length, without parsing it, well inside 50 ms', () => {
    const audio = Buffer.alloc(11 * 1024 * 1024 + 1).toString('base64');
    const append = frame({ type: 'input_audio_buffer.append', event_id: 'e1', audio });
    const started = performance.now();
    const read = readFrame(append);
    const elapsed = performance.now() - started;
    expect(read).toEqual({ kind: 'audio', type: 'input_audio_buffer.append', audioBytes: 11 * 1024 * 1024 + 1 });
    expect(elapsed).toBeLessThan(50);
  });

  it('counts the decoded bytes of an output audio delta, padding excluded', () => {
    expect(
      readFrame(frame({ type: 'response.output_audio.delta', delta: Buffer.alloc(5).toString('base64') })),
    ).toMatchObject({ kind: 'audio', audioBytes: 5 });
  });

  it('parses other events, refuses what is not an event, and relays a long unknown frame unread', () => {
    expect(readFrame(frame({ type: 'session.update', session: { instructions: 'x' } }))).toMatchObject({
      kind: 'event',
      type: 'session.update',
    });
    expect(readFrame(Buffer.from('{"type":'))).toMatchObject({ kind: 'bad' });
    expect(readFrame(Buffer.from('[1,2]'))).toMatchObject({ kind: 'bad' });
    expect(readFrame(frame({ type: 'conversation.item.create', padding: 'x'.repeat(PARSED_FRAME_LIMIT) }))).toEqual({
      kind: 'unread',
    });
  });

  it('reads response.done usage; totals without details count as text; none reported is null', () => {
    const usage = realtimeUsage({ inputText: 5, inputAudio: 15, cached: 4, outputText: 2, outputAudio: 8 });
    expect(usageOfResponseDone({ response: { usage } })).toEqual({
      inputText: 5,
      inputAudio: 15,
      cached: 4,
      outputText: 2,
      outputAudio: 8,
    });
    expect(
      usageOfResponseDone({ response: { usage: { total_tokens: 3, input_tokens: 2, output_tokens: 1 } } }),
    ).toEqual({ inputText: 2, inputAudio: 0, cached: 0, outputText: 1, outputAudio: 0 });
    expect(usageOfResponseDone({ response: { status: 'cancelled' } })).toBeNull();
  });
});
