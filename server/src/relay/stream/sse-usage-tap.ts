import type { Usage } from '../billing/quota';
import { countTokensExactly } from '../billing/estimate';
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
/** Completion text held for local counting before it is counted and dropped (bounds memory). */
const TEXT_BLOCK = 32 * 1024;

/**
 * Watches an SSE stream on its way to the client, event by event: reads the upstream's usage, drops
 * the usage-only chunk when the client did not ask for it, and keeps a running local count of the
 * completion in case the upstream never reports usage. Memory is bounded by one event plus one block.
 */
export class SseUsageTap {
  usage: Usage | null = null;
  private pending: Buffer = EMPTY;
  private text = '';
  private countedTokens = 0;
  /** `data:` payloads not parsed yet: only read for their text when the upstream never reports usage */
  private unread: Array<Buffer | string> = [];
  private unreadLength = 0;
  sawDone = false;

  constructor(private readonly forwardUsageChunk: boolean) {}

  /** Returns the bytes to forward now (complete events only). */
  push(chunk: Buffer): Buffer {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const normalised = data.includes(13) ? Buffer.from(data.toString('utf8').replace(/\r\n/g, '\n')) : data;
    let start = 0;
    const out: Buffer[] = [];
    for (let end = normalised.indexOf(DOUBLE_NEWLINE, start); end !== -1; end = normalised.indexOf(DOUBLE_NEWLINE, start)) {
      const event = normalised.subarray(start, end + 2);
      if (this.inspect(event)) out.push(event);
      start = end + 2;
    }
    this.pending = start < normalised.length ? Buffer.from(normalised.subarray(start)) : EMPTY;
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
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
  localCompletionTokens(): number {
    if (this.usage) return 0;
    this.readHeld();
    return this.countedTokens + countTokensExactly(this.text);
  }

  /** Returns whether the event goes to the client. */
  private inspect(event: Buffer): boolean {
    // The common event, `data: {…}` naming no usage, is held as bytes without being decoded.
    if (event.indexOf(DATA_OBJECT) === 0 && event.indexOf(USAGE_KEY) === -1 && event.indexOf(BILLED_UNITS_KEY) === -1) {
      if (!this.usage) this.hold(event.subarray(DATA_OBJECT.length - 1));
      return true;
    }
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
      this.text = '';
    } else {
      this.readHeld();
      this.collect(textOf(payload));
    }
    const usageOnly = usage !== null && Array.isArray(payload.choices) && payload.choices.length === 0;
    return !usageOnly || this.forwardUsageChunk;
  }

  private hold(data: Buffer | string): void {
    this.unread.push(data);
    this.unreadLength += data.length;
    if (this.unreadLength >= TEXT_BLOCK) this.readHeld();
  }

  private readHeld(): void {
    const held = this.unread;
    this.unread = [];
    this.unreadLength = 0;
    for (const data of held) {
      const payload = parseObject(typeof data === 'string' ? data : data.toString('utf8'));
      if (payload) this.collect(textOf(payload));
    }
  }

  private collect(piece: string): void {
    if (!piece) return;
    this.text += piece;
    if (this.text.length >= TEXT_BLOCK) {
      this.countedTokens += countTokensExactly(this.text);
      this.text = '';
    }
  }
}
