import { invalidRequest } from '../relay-error';
import { fill } from '../../platform/text';
import { jsonOf } from './body-json';
import { messages } from '../../platform/i18n/catalogue';

/** The parts of a client's body the gateway reads; the raw bytes are forwarded untouched when possible. */
export interface ParsedBody {
  raw: Buffer;
  json: Record<string, unknown> | null;
  model: string;
  stream: boolean;
  clientAskedUsage: boolean;
  maxTokens: number | null;
  /** multipart boundary, when the body is multipart/form-data */
  boundary: string | null;
}

/** Parts a multipart body may have (uploads carry a file or a few and some fields). */
const MULTIPART_PART_LIMIT = 1000;

const moreThanOneModel = (fields: string[]) =>
  invalidRequest(fill(messages.relay.oneModelField, { fields: fields.join(', ') }), 'duplicate_model');

/**
 * Keys that differ from `model` only by case (`Model`, `MODEL`): an upstream that matches JSON
 * fields case-insensitively (Go) would take one of them instead of the model the limits checked.
 */
function refuseModelLookalikes(json: Record<string, unknown>): void {
  let lookalikes: string[] | null = null;
  for (const key in json) {
    if (key !== 'model' && key.length === 5 && key.toLowerCase() === 'model') (lookalikes ??= []).push(key);
  }
  if (lookalikes) throw moreThanOneModel('model' in json ? ['model', ...lookalikes] : lookalikes);
}

const numberOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : null;

export function parseJsonBody(raw: Buffer, defaultModel: string | undefined): ParsedBody {
  let json: Record<string, unknown>;
  try {
    const value: unknown = raw.length === 0 ? {} : jsonOf(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
    json = value as Record<string, unknown>;
  } catch (error) {
    throw invalidRequest(
      fill(messages.relay.invalidBody, { detail: error instanceof Error ? error.message : String(error) }),
      'invalid_request_body',
    );
  }
  refuseModelLookalikes(json);
  const streamOptions = json.stream_options as { include_usage?: unknown } | undefined;
  return {
    raw,
    json,
    model: typeof json.model === 'string' && json.model ? json.model : (defaultModel ?? ''),
    stream: json.stream === true,
    clientAskedUsage: streamOptions?.include_usage === true,
    maxTokens:
      numberOrNull(json.max_tokens) ?? numberOrNull(json.max_completion_tokens) ?? numberOrNull(json.max_output_tokens),
    boundary: null,
  };
}

const MODEL_FIELD = /(name="model"\r\n\r\n)([^\r]*)(\r\n)/;
const PART_NAME = /\bname="([^"]*)"/i;
const HEADERS_END = Buffer.from('\r\n\r\n');

/** One part of a multipart body: its headers (the first 1 KB) and where its content lies in the body. */
export interface MultipartPart {
  headers: string;
  start: number;
  end: number;
}

/**
 * The parts of a multipart body, in order: one native search per part for the boundary and one for
 * the end of its headers; only the headers are read.
 */
export function* multipartParts(raw: Buffer, boundary: string): Generator<MultipartPart> {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  for (let at = raw.indexOf(delimiter); at !== -1;) {
    const after = at + delimiter.length;
    const headersEnd = raw.indexOf(HEADERS_END, after);
    if (headersEnd === -1) return;
    const next = raw.indexOf(delimiter, after);
    const start = headersEnd + HEADERS_END.length;
    // The content ends with the CRLF before the next delimiter (none when the part has no blank line).
    const end = next === -1 ? raw.length : Math.max(start, next - 2);
    yield { headers: raw.toString('latin1', after, Math.min(headersEnd, after + 1024)), start, end };
    at = next;
  }
}

/** The names of a multipart body's parts that say `model` (in any case). */
function modelPartNames(raw: Buffer, boundary: string): string[] {
  const names: string[] = [];
  let parts = 0;
  for (const part of multipartParts(raw, boundary)) {
    parts += 1;
    if (parts > MULTIPART_PART_LIMIT) {
      throw invalidRequest(fill(messages.relay.tooManyParts, { limit: MULTIPART_PART_LIMIT }), 'invalid_request_body');
    }
    const name = PART_NAME.exec(part.headers)?.[1];
    if (name?.toLowerCase() === 'model') names.push(name);
  }
  return names;
}

export function parseMultipartBody(raw: Buffer, contentType: string, defaultModel: string | undefined): ParsedBody {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundaryText = boundary?.[1] ?? boundary?.[2] ?? null;
  if (boundaryText) {
    const names = modelPartNames(raw, boundaryText);
    if (names.length > 1 || (names.length === 1 && names[0] !== 'model')) throw moreThanOneModel(names);
  }
  const head = raw.toString('latin1', 0, Math.min(raw.length, 1 << 20));
  const model = MODEL_FIELD.exec(head)?.[2];
  return {
    raw,
    json: null,
    model: model ? Buffer.from(model, 'latin1').toString('utf8') : (defaultModel ?? ''),
    stream: false,
    clientAskedUsage: false,
    maxTokens: null,
    boundary: boundaryText,
  };
}

/**
 * The body to send upstream: the raw bytes when nothing changes; otherwise the mapped model name and,
 * for streams, `stream_options.include_usage` so the upstream reports usage.
 */
export function upstreamBody(body: ParsedBody, upstreamModel: string, forceUsage: boolean): Buffer {
  const renamed = upstreamModel !== body.model;
  if (body.json === null) {
    if (!renamed) return body.raw;
    const text = body.raw.toString('latin1').replace(MODEL_FIELD, (_whole, before: string, _old, after: string) => {
      return `${before}${Buffer.from(upstreamModel, 'utf8').toString('latin1')}${after}`;
    });
    return Buffer.from(text, 'latin1');
  }
  const injectUsage = forceUsage && body.stream && !body.clientAskedUsage;
  if (!renamed && !injectUsage) return body.raw;
  if (!renamed && !('stream_options' in body.json)) {
    const open = body.raw.indexOf(0x7b);
    return Buffer.concat([
      body.raw.subarray(0, open + 1),
      Buffer.from('"stream_options":{"include_usage":true},'),
      body.raw.subarray(open + 1),
    ]);
  }
  const copy: Record<string, unknown> = { ...body.json, model: upstreamModel };
  if (injectUsage) copy.stream_options = { ...(body.json.stream_options as object | undefined), include_usage: true };
  return Buffer.from(JSON.stringify(copy));
}
