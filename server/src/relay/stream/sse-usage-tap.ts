import type { Usage } from '../billing/quota';
import { CompletionCounter } from './completion-counter';
import { textOf, usageOf } from './usage-fields';

function parseObject(data: string): Record<string, unknown> | null {
  try {
    return JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const DOUBLE_NEWLINE = Buffer.from('\n\n');
const EMPTY = Buffer.alloc(0);
const DATA_OBJECT = Buffer.from('data: {');
const USAGE_KEY = Buffer.from('"usage"');
const BILLED_UNITS_KEY = Buffer.from('"billed_units"');
/**
 * CRLF line ends made LF, byte by byte: decoding the chunk instead would break a character cut at its
 * end. A CR last in the chunk stays (its LF may come next) and is dropped with the next chunk.
 */
function withoutCarriageReturns(data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(data.length);
  let length = 0;
  for (let index = 0; index < data.length; index += 1) {
    const byte = data[index] as number;
    if (byte === 13 && data[index + 1] === 10) continue;
    out[length] = byte;
    length += 1;
  }
  return out.subarray(0, length);
}

/** Whether the event at `at` starts with `data: {` (compared in place: a native indexOf costs more). */
function startsWithDataObject(data: Buffer, at: number): boolean {
  if (at + DATA_OBJECT.length > data.length) return false;
  for (let index = 0; index < DATA_OBJECT.length; index += 1) {
    if (data[at + index] !== DATA_OBJECT[index]) return false;
  }
  return true;
}

/** Events held unparsed for local counting before they are read (bounds memory). */
const HELD_BLOCK = 32 * 1024;

/**
 * Watches an SSE stream on its way to the client, event by event: reads the upstream's usage, drops
 * the usage-only chunk when the client did not ask for it, and keeps a running local count of the
 * completion in case the upstream never reports usage. Memory is bounded by one event plus one block.
 */
export class SseUsageTap {
  usage: Usage | null = null;
  private pending: Buffer = EMPTY;
  private counter = new CompletionCounter();
  /** `data:` payloads not parsed yet: only read for their text when the upstream never reports usage */
  private unread: Array<Buffer | string> = [];
  private unreadLength = 0;
  sawDone = false;

  constructor(private readonly forwardUsageChunk: boolean) {}

  /**
   * Returns the bytes to forward now (complete events only). The common event, `data: {…}` naming no
   * usage, is neither copied nor decoded: the events a chunk completes leave as one view of it, and
   * only an event that names usage (or is not a data object) is looked at closely.
   */
  push(chunk: Buffer): Buffer {
    const joined = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const data = joined.includes(13) ? withoutCarriageReturns(joined) : joined;
    let usageAt = data.indexOf(USAGE_KEY);
    let billedAt = data.indexOf(BILLED_UNITS_KEY);
    /** forwarded pieces, once an event was dropped (until then the answer is one view of `data`) */
    let kept: Buffer[] | null = null;
    let keptFrom = 0;
    /** start of the run of plain events not yet held for local counting (-1: none) */
    let heldFrom = -1;
    let start = 0;
    for (let end = data.indexOf(DOUBLE_NEWLINE); end !== -1; end = data.indexOf(DOUBLE_NEWLINE, start)) {
      const next = end + 2;
      if (usageAt !== -1 && usageAt < start) usageAt = data.indexOf(USAGE_KEY, start);
      if (billedAt !== -1 && billedAt < start) billedAt = data.indexOf(BILLED_UNITS_KEY, start);
      const namesUsage = (usageAt !== -1 && usageAt < next) || (billedAt !== -1 && billedAt < next);
      if (!namesUsage && startsWithDataObject(data, start)) {
        if (!this.usage && heldFrom === -1) heldFrom = start;
      } else {
        if (heldFrom !== -1) this.hold(data.subarray(heldFrom, start));
        heldFrom = -1;
        if (!this.inspect(data.subarray(start, next))) {
          kept ??= [];
          kept.push(data.subarray(keptFrom, start));
          keptFrom = next;
        }
      }
      start = next;
    }
    if (heldFrom !== -1) this.hold(data.subarray(heldFrom, start));
    this.pending = start < data.length ? Buffer.from(data.subarray(start)) : EMPTY;
    if (kept === null) return start === data.length ? data : data.subarray(0, start);
    kept.push(data.subarray(keptFrom, start));
    return Buffer.concat(kept);
  }

  /** What is left when the upstream ends without a final blank line. */
  end(): Buffer {
    const rest = this.pending;
    this.pending = EMPTY;
    if (rest.length === 0) return rest;
    return this.inspect(rest) ? Buffer.concat([rest, DOUBLE_NEWLINE]) : EMPTY;
  }

  /**
   * Completion tokens counted locally from the text seen so far; 0 once the upstream reported usage
   * (the bill uses that, so the tokenizer is not run for nothing).
   */
  localCompletionTokens(): number | Promise<number> {
    if (this.usage) return 0;
    this.readHeld();
    return this.counter.tokens();
  }

  /** Returns whether the event goes to the client. */
  private inspect(event: Buffer): boolean {
    const text = event.toString('utf8');
    const dataAt = text.indexOf('data:');
    if (dataAt === -1) return true;
    const data = text.slice(dataAt + 5).trim();
    if (data === '[DONE]') {
      this.sawDone = true;
      return true;
    }
    if (!data.startsWith('{')) return true;
    // Only an event that names usage can carry it. The others are parsed for their text only when
    // the upstream never reports usage; most do, so they wait unparsed (bounded like the text).
    if (!data.includes('"usage"') && !data.includes('"billed_units"')) {
      if (!this.usage) this.hold(data);
      return true;
    }
    const payload = parseObject(data);
    if (!payload) return true;
    const usage = usageOf(payload);
    if (usage) {
      this.usage = usage;
      this.unread = [];
      this.unreadLength = 0;
      this.counter = new CompletionCounter();
    } else {
      this.readHeld();
      this.counter.add(textOf(payload));
    }
    const usageOnly = usage !== null && Array.isArray(payload.choices) && payload.choices.length === 0;
    return !usageOnly || this.forwardUsageChunk;
  }

  /** Keeps `data: {…}` events (a run of them, as bytes) or one event's payload (as text), unparsed. */
  private hold(data: Buffer | string): void {
    this.unread.push(data);
    this.unreadLength += data.length;
    if (this.unreadLength >= HELD_BLOCK) this.readHeld();
  }

  private readHeld(): void {
    const held = this.unread;
    this.unread = [];
    this.unreadLength = 0;
    for (const data of held) {
      if (typeof data === 'string') this.collectFrom(data);
      else {
        for (
          let start = 0, end = data.indexOf(DOUBLE_NEWLINE);
          end !== -1;
          start = end + 2, end = data.indexOf(DOUBLE_NEWLINE, start)
        ) {
          this.collectFrom(data.toString('utf8', start + DATA_OBJECT.length - 1, end));
        }
      }
    }
  }

  private collectFrom(json: string): void {
    const payload = parseObject(json);
    if (payload) this.counter.add(textOf(payload));
  }
}
