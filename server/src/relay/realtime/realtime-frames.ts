import { z } from 'zod';

/**
 * Reading realtime events without holding the event loop. A frame's `type` is looked for in its first
 * bytes (every OpenAI event and client writes it first); the audio events, which carry up to megabytes
 * of base64, are measured from the base64 length without a parse or a decode. Other frames up to
 * PARSED_FRAME_LIMIT are parsed whole; a longer frame that is not audio is relayed unread.
 */
export const PARSED_FRAME_LIMIT = 1024 * 1024;
const TYPE_WINDOW = 160;
const TYPE_PATTERN = /"type"\s*:\s*"([A-Za-z0-9_.]+)"/;

/** Client events that carry audio in `audio`, upstream events that carry it in `delta`. */
const audioFields: Record<string, string> = {
  'input_audio_buffer.append': 'audio',
  'response.audio.delta': 'delta',
  'response.output_audio.delta': 'delta',
};

export type Frame =
  | { kind: 'audio'; type: string; audioBytes: number }
  | { kind: 'event'; type: string; event: Record<string, unknown> }
  | { kind: 'unread' }
  | { kind: 'bad'; detail: string };

/** Bytes of the decoded base64 text of `length` characters (padding is not counted). */
function decodedBytes(data: Buffer, start: number, end: number): number {
  const length = end - start;
  let padding = 0;
  if (length > 0 && data[end - 1] === 0x3d) padding += 1;
  if (length > 1 && data[end - 2] === 0x3d) padding += 1;
  return Math.floor((length * 3) / 4) - padding;
}

/** The decoded size of the base64 string value of `field`, found by byte search (no parse). */
function audioBytesOf(data: Buffer, field: string): number | null {
  const key = data.indexOf(`"${field}"`);
  if (key < 0) return null;
  const open = data.indexOf(0x22, data.indexOf(0x3a, key + field.length + 2) + 1);
  if (open < 0) return null;
  const close = data.indexOf(0x22, open + 1);
  return close < 0 ? null : decodedBytes(data, open + 1, close);
}

/** Reads one text frame as cheaply as its type allows. */
export function readFrame(data: Buffer): Frame {
  const head = data.toString('latin1', 0, Math.min(TYPE_WINDOW, data.length));
  const type = TYPE_PATTERN.exec(head)?.[1];
  const field = type ? audioFields[type] : undefined;
  if (type && field) {
    const bytes = audioBytesOf(data, field);
    if (bytes !== null) return { kind: 'audio', type, audioBytes: bytes };
  }
  if (data.length > PARSED_FRAME_LIMIT) return { kind: 'unread' };
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (error) {
    return { kind: 'bad', detail: (error as Error).message };
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    typeof (value as { type?: unknown }).type !== 'string'
  ) {
    return { kind: 'bad', detail: 'an event is a JSON object with a "type"' };
  }
  const event = value as Record<string, unknown> & { type: string };
  return { kind: 'event', type: event.type, event };
}

const count = z.number().int().nonnegative().catch(0);
const responseUsage = z.object({
  total_tokens: count,
  input_tokens: count,
  output_tokens: count,
  input_token_details: z.object({ text_tokens: count, audio_tokens: count, cached_tokens: count }).partial().catch({}),
  output_token_details: z.object({ text_tokens: count, audio_tokens: count }).partial().catch({}),
});

/** One turn's tokens, split as the billing formula needs them. */
export interface TurnUsage {
  inputText: number;
  inputAudio: number;
  cached: number;
  outputText: number;
  outputAudio: number;
}

/**
 * The usage of a `response.done` event, or null when the upstream reported none. Totals without a
 * text/audio split count as text.
 */
export function usageOfResponseDone(event: Record<string, unknown>): TurnUsage | null {
  const usage = (event.response as { usage?: unknown } | undefined)?.usage;
  if (!usage || typeof usage !== 'object') return null;
  const parsed = responseUsage.safeParse(usage);
  if (!parsed.success) return null;
  const read = parsed.data;
  const inputAudio = read.input_token_details.audio_tokens ?? 0;
  const outputAudio = read.output_token_details.audio_tokens ?? 0;
  return {
    inputText: read.input_token_details.text_tokens ?? Math.max(0, read.input_tokens - inputAudio),
    inputAudio,
    cached: read.input_token_details.cached_tokens ?? 0,
    outputText: read.output_token_details.text_tokens ?? Math.max(0, read.output_tokens - outputAudio),
    outputAudio,
  };
}
