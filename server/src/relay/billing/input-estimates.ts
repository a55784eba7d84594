import { estimateTokens } from '../../platform/token-counter/token-counter';
import type { EndpointKind } from '../endpoints';
import { multipartParts, type ParsedBody } from '../formats/request-body';

/**
 * What a call reserves, in prompt tokens, for the inputs the gateway cannot count (docs/billing.md,
 * "Reservations and estimates"). The reservation holds them in the balance and in the
 * tokens-per-minute windows until the call settles at what the upstream billed.
 */
export const INPUT_ESTIMATES = {
  /**
   * Per image, whatever its size or detail: OpenAI's high-detail tile maths tops out at 85 + 8 × 170 =
   * 1,445 tokens (gpt-4o), Claude at about 1,600 (1.15 megapixels), Gemini at 258 per 768-pixel tile.
   * Also what an input of unknown size reserves (a file, audio or video named by URL or file id).
   */
  imageTokens: 1_600,
  /** Per second of audio: Gemini's 32 tokens a second (OpenAI's audio models bill 10). */
  audioTokensPerSecond: 32,
  /** Bytes per second of compressed audio (32 kbit/s, low for speech), unless a WAV header says its own rate. */
  audioBytesPerSecond: 4_000,
  /** Per second of video: Gemini's 258 tokens per frame at one frame a second, plus its audio. */
  videoTokensPerSecond: 300,
  /** Bytes per second of video (1 Mbit/s). */
  videoBytesPerSecond: 125_000,
  /** A PDF or other file: one token per 16 bytes of it, and at least `imageTokens` (one page seen as an image). */
  fileBytesPerToken: 16,
} as const;

/** The base64 payload of a data URL (`data:…;base64,XXXX`) or of plain base64. */
function payloadOf(data: string): string {
  if (!data.startsWith('data:')) return data;
  const comma = data.indexOf(',');
  return comma === -1 ? '' : data.slice(comma + 1);
}

/** The bytes base64 text decodes to (its padding is no byte). */
function base64Bytes(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** The bytes per second a WAV header declares (RIFF, WAVE, byte rate at offset 28), or null. */
function wavByteRate(head: Buffer): number | null {
  if (head.length < 32 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE')
    return null;
  const rate = head.readUInt32LE(28);
  return rate >= 1_000 ? rate : null;
}

function audioTokens(bytes: number, head: Buffer): number {
  const rate = wavByteRate(head) ?? INPUT_ESTIMATES.audioBytesPerSecond;
  return Math.ceil((bytes / rate) * INPUT_ESTIMATES.audioTokensPerSecond);
}

const fileTokens = (bytes: number) =>
  Math.max(INPUT_ESTIMATES.imageTokens, Math.ceil(bytes / INPUT_ESTIMATES.fileBytesPerToken));

/** Tokens for base64 content by its media type: an image, audio, video, or any other file by size. */
function contentTokens(data: unknown, mediaType: string): number {
  if (mediaType.startsWith('image/')) return INPUT_ESTIMATES.imageTokens;
  if (typeof data !== 'string') return INPUT_ESTIMATES.imageTokens;
  const payload = payloadOf(data);
  const bytes = base64Bytes(payload);
  if (mediaType.startsWith('audio/')) return audioTokens(bytes, Buffer.from(payload.slice(0, 48), 'base64'));
  if (mediaType.startsWith('video/'))
    return Math.ceil((bytes / INPUT_ESTIMATES.videoBytesPerSecond) * INPUT_ESTIMATES.videoTokensPerSecond);
  return fileTokens(bytes);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const recordOf = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
/** The media type a data URL names (`data:application/pdf;base64,…`), or ''. */
function dataUrlType(data: unknown): string {
  if (typeof data !== 'string' || !data.startsWith('data:')) return '';
  const end = data.slice(0, 128).search(/[;,]/);
  return end === -1 ? '' : data.slice(5, end);
}

/** Anthropic's `document` block: base64 by size, plain text by its characters, nested content walked. */
function documentTokens(source: Record<string, unknown>, depth: number): number {
  if (source.type === 'base64') return contentTokens(source.data, text(source.media_type) || 'application/pdf');
  if (source.type === 'text') return estimateTokens(text(source.data));
  if (source.type === 'content') return walk(source.content, depth + 1);
  return INPUT_ESTIMATES.imageTokens;
}

/**
 * The tokens of one content part the gateway cannot count, or null when the object is not one:
 * OpenAI chat (`image_url`, `input_audio`, `file`), Responses (`input_image`, `input_audio`,
 * `input_file`), Anthropic (`image`, `document`) and Gemini (`inline_data`, `file_data` in either
 * case; a Gemini part has no `type`).
 */
function partTokens(part: Record<string, unknown>, depth: number): number | null {
  switch (part.type) {
    case undefined:
      break;
    case 'image_url':
    case 'input_image':
    case 'image':
      return INPUT_ESTIMATES.imageTokens;
    case 'input_audio': {
      const audio = recordOf(part.input_audio);
      return contentTokens(audio.data, `audio/${text(audio.format)}`);
    }
    case 'file': {
      const data = recordOf(part.file).file_data;
      return contentTokens(data, dataUrlType(data));
    }
    case 'input_file':
      return contentTokens(part.file_data, dataUrlType(part.file_data));
    case 'document':
      return documentTokens(recordOf(part.source), depth);
    default:
      return null;
  }
  const inline = part.inlineData ?? part.inline_data;
  if (inline && typeof inline === 'object') {
    const { data, mimeType, mime_type } = inline as Record<string, unknown>;
    return contentTokens(data, text(mimeType ?? mime_type));
  }
  const file = part.fileData ?? part.file_data;
  if (file && typeof file === 'object') return INPUT_ESTIMATES.imageTokens;
  return null;
}

/** JSON nests at most 64 levels (the body guard); the walk stops there too. */
const MAX_DEPTH = 64;

/**
 * Walks a prompt by its shape only: lists of objects, and within an object that is not a part its
 * `content` (messages, tool results), `parts` (Gemini) and `output` (Responses tool outputs). It never
 * reads a string nor descends into arrays of arrays (token ids), so a text call costs a few property
 * reads per message, less than one byte search over its body.
 */
function walk(value: unknown, depth: number): number {
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return 0;
  let tokens = 0;
  if (Array.isArray(value)) {
    for (const item of value)
      if (item && typeof item === 'object' && !Array.isArray(item)) tokens += walk(item, depth + 1);
    return tokens;
  }
  const record = value as Record<string, unknown>;
  const own = partTokens(record, depth);
  if (own !== null) return own;
  if (typeof record.content === 'object') tokens += walk(record.content, depth + 1);
  if (typeof record.parts === 'object') tokens += walk(record.parts, depth + 1);
  if (typeof record.output === 'object') tokens += walk(record.output, depth + 1);
  return tokens;
}

/** The prompt fields of every dialect: chat messages, Responses input, Anthropic system, Gemini contents. */
const PROMPT_FIELDS = [
  'messages',
  'input',
  'instructions',
  'system',
  'contents',
  'systemInstruction',
  'system_instruction',
];

/** Uploads of a multipart call: audio to transcribe by size, images to edit one each. */
function uploadTokens(body: ParsedBody, boundary: string, kind: EndpointKind): number {
  let tokens = 0;
  for (const part of multipartParts(body.raw, boundary)) {
    if (!/\bfilename="/i.test(part.headers)) continue;
    if (kind === 'transcription')
      tokens += audioTokens(part.end - part.start, body.raw.subarray(part.start, Math.min(part.end, part.start + 32)));
    else if (/\bname="image/i.test(part.headers)) tokens += INPUT_ESTIMATES.imageTokens;
  }
  return tokens;
}

/** The estimate, in prompt tokens, of the images, audio and files a call carries (0 for text alone). */
export function uncountedInputTokens(body: ParsedBody, kind: EndpointKind): number {
  if (body.json === null)
    return body.boundary && (kind === 'transcription' || kind === 'images')
      ? uploadTokens(body, body.boundary, kind)
      : 0;
  let tokens = 0;
  for (const field of PROMPT_FIELDS) tokens += walk(body.json[field], 0);
  return tokens;
}
