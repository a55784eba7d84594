import { crc32 } from 'node:zlib';

const PRELUDE = 12;
const TRAILER = 4;

/** Encodes one AWS event-stream message with string headers, as Bedrock frames its streams. */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Buffer): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const nameBytes = Buffer.from(name, 'utf8');
      const valueBytes = Buffer.from(value, 'utf8');
      const head = Buffer.alloc(1 + nameBytes.length + 3);
      head.writeUInt8(nameBytes.length, 0);
      nameBytes.copy(head, 1);
      head.writeUInt8(7, 1 + nameBytes.length);
      head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
      return Buffer.concat([head, valueBytes]);
    }),
  );
  const total = PRELUDE + headerBytes.length + payload.length + TRAILER;
  const message = Buffer.alloc(total);
  message.writeUInt32BE(total, 0);
  message.writeUInt32BE(headerBytes.length, 4);
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
  headerBytes.copy(message, PRELUDE);
  payload.copy(message, PRELUDE + headerBytes.length);
  message.writeUInt32BE(crc32(message.subarray(0, total - TRAILER)), total - TRAILER);
  return message;
}
