/** Why a playground answer failed: no connection, an HTTP error, an error inside the stream, or a cut stream. */
export type ChatStreamErrorKind = 'network' | 'http' | 'upstream' | 'interrupted';

export class ChatStreamError extends Error {
  override readonly name = 'ChatStreamError';
  constructor(
    readonly kind: ChatStreamErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const DONE = '[DONE]';
// A line ends at CRLF, LF or CR, but a CR that ends the buffer may be the first half of a CRLF.
const LINE_BREAK = /\r\n|\n|\r(?!$)/;
const FINAL_LINE_BREAK = /\r\n|\n|\r/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message of an OpenAI-style `{error: {message}}` or `{error: "..."}` or `{message}` body, if any. */
export function errorMessageOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const error = body.error;
  if (typeof error === 'string' && error !== '') return error;
  if (isRecord(error))
    return typeof error.message === 'string' && error.message !== '' ? error.message : JSON.stringify(error);
  if (body.success === false && typeof body.message === 'string') return body.message;
  return null;
}

/** The text a chat chunk adds: `choices[0].delta.content`; an error chunk throws its message. */
export function deltaOf(payload: string): string {
  let chunk: unknown;
  try {
    chunk = JSON.parse(payload);
  } catch {
    throw new ChatStreamError('upstream', payload);
  }
  const error = errorMessageOf(chunk);
  if (error !== null) throw new ChatStreamError('upstream', error);
  if (!isRecord(chunk) || !Array.isArray(chunk.choices)) return '';
  const choice: unknown = chunk.choices[0];
  if (!isRecord(choice) || !isRecord(choice.delta)) return '';
  return typeof choice.delta.content === 'string' ? choice.delta.content : '';
}

/**
 * Reads a server-sent stream of OpenAI chat chunks incrementally, handing each piece of text to
 * `onDelta`. Resolves on `data: [DONE]`; throws a ChatStreamError on an error chunk, and with kind
 * `interrupted` when the stream ends before `[DONE]`.
 */
export async function readChatStream(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];

  // Ends the current event; answers whether it was the [DONE] marker.
  const dispatch = (): boolean => {
    if (data.length === 0) return false;
    const payload = data.join('\n');
    data = [];
    if (payload.trim() === DONE) return true;
    const text = deltaOf(payload);
    if (text !== '') onDelta(text);
    return false;
  };

  const readLine = (line: string): boolean => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return false;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    return false;
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(done ? FINAL_LINE_BREAK : LINE_BREAK);
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        if (readLine(line)) return;
      }
      if (done) {
        if (dispatch()) return;
        throw new ChatStreamError('interrupted', 'the stream ended before [DONE]');
      }
    }
  } finally {
    // Stops the download once [DONE] or an error was read; a no-op on a finished stream.
    await reader.cancel().catch(() => undefined);
  }
}
