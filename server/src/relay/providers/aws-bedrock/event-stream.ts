import { crc32 } from 'node:zlib';

/** One message of AWS's binary event-stream framing: its string headers and its payload. */
export interface EventStreamMessage {
  headers: Record<string, string>;
  payload: Buffer;
}

const PRELUDE = 12;
const TRAILER = 4;
/** Bedrock messages are small; anything larger is a broken stream, not a reason to buffer more. */
const MAX_MESSAGE = 16 * 1024 * 1024;

/** Byte widths of header value types without a length prefix (0/1 are boolean true/false, no bytes). */
const FIXED_WIDTH: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 };

export class EventStreamError extends Error {}

function readHeaders(block: Buffer): Record<string, string> {
  const headers: Record<string, string> = {};
  let at = 0;
  while (at < block.length) {
    const nameLength = block.readUInt8(at);
    const name = block.toString('utf8', at + 1, at + 1 + nameLength);
    at += 1 + nameLength;
    const type = block.readUInt8(at);
    at += 1;
    if (type === 6 || type === 7) {
      const length = block.readUInt16BE(at);
      const value = block.subarray(at + 2, at + 2 + length);
      headers[name] = type === 7 ? value.toString('utf8') : value.toString('base64');
      at += 2 + length;
    } else if (type in FIXED_WIDTH) {
      at += FIXED_WIDTH[type] as number;
    } else {
      throw new EventStreamError(`unknown event-stream header type ${type}`);
    }
  }
  return headers;
}

/**
 * Decodes the `application/vnd.amazon.eventstream` framing incrementally: each message is a prelude
 * (total length, headers length, CRC32 of those 8 bytes), headers, payload and a CRC32 of the whole.
 * Both checksums are verified; a chunk may end anywhere.
 */
export class EventStreamDecoder {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): EventStreamMessage[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const messages: EventStreamMessage[] = [];
    while (this.pending.length >= PRELUDE) {
      const total = this.pending.readUInt32BE(0);
      const headersLength = this.pending.readUInt32BE(4);
      if (crc32(this.pending.subarray(0, 8)) !== this.pending.readUInt32BE(8))
        throw new EventStreamError('event-stream prelude checksum mismatch');
      if (total > MAX_MESSAGE || total < PRELUDE + TRAILER + headersLength)
        throw new EventStreamError(`event-stream message of ${total} bytes`);
      if (this.pending.length < total) break;
      const message = this.pending.subarray(0, total);
      if (crc32(message.subarray(0, total - TRAILER)) !== message.readUInt32BE(total - TRAILER)) {
        throw new EventStreamError('event-stream message checksum mismatch');
      }
      messages.push({
        headers: readHeaders(message.subarray(PRELUDE, PRELUDE + headersLength)),
        payload: Buffer.from(message.subarray(PRELUDE + headersLength, total - TRAILER)),
      });
      this.pending = this.pending.subarray(total);
    }
    if (this.pending.length === 0) this.pending = Buffer.alloc(0);
    return messages;
  }
}
