import { availableParallelism } from 'node:os';
import type { JsonBodyFault } from '../json-scan.mjs';
import { ThreadPool, threadScript } from './thread-pool';

/**
 * Bodies from this size on are scanned and parsed in a thread: a 40 MB prompt took the event loop
 * for tens of milliseconds to parse and more to scan, and every other call waited meanwhile.
 */
export const THREAD_PARSE_BYTES = 1024 * 1024;
const IDLE_THREAD_MS = 60_000;

type ThreadAnswer = { id: number; bytes: ArrayBuffer } & (
  { fault: JsonBodyFault } | { error: string } | { value: unknown }
);

/** What a thread made of a body: the guard's fault, the parser's error, or the value; with the body's bytes. */
export type ThreadParsed = { body: Buffer } & ({ fault: JsonBodyFault } | { error: string } | { value: unknown });

let pool: ThreadPool<ThreadAnswer> | null = null;
const threads = () =>
  (pool ??= new ThreadPool(
    threadScript(import.meta.url, 'json-parse-worker'),
    Math.max(1, Math.min(2, availableParallelism() - 1)),
    IDLE_THREAD_MS,
  ));

/**
 * Scans and parses `body` in a thread. Its bytes travel there and back without a copy when the buffer
 * owns its memory (a large body always does), and are copied once otherwise.
 */
export async function parseInThread(body: Buffer): Promise<ThreadParsed> {
  const owned =
    body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer;
  const bytes = owned ? (body.buffer as ArrayBuffer) : new Uint8Array(body).buffer;
  const { id: _id, bytes: returned, ...outcome } = await threads().run({ bytes }, { transfer: [bytes] });
  return { ...outcome, body: Buffer.from(returned) };
}
