// Draws web/public/logo.png: a rounded indigo tile with three switch rails, rendered with
// 4x4 supersampling and encoded as an RGBA PNG by hand (zlib + CRC32) so no image tool is needed.
// Run: node web/scripts/generate-logo.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const size = 128;
const samples = 4;
const top = [99, 102, 241];
const bottom = [124, 58, 237];

function insideRoundedSquare(x, y) {
  const radius = 28;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

// Three rails, each with a knob at a different position: the "switchboard".
const rails = [
  { y: 40, knob: 84 },
  { y: 64, knob: 44 },
  { y: 88, knob: 72 },
];

function insideGlyph(x, y) {
  for (const rail of rails) {
    const onRail = x >= 30 && x <= 98 && Math.abs(y - rail.y) <= 3;
    const onKnob = (x - rail.knob) ** 2 + (y - rail.y) ** 2 <= 9.5 ** 2;
    if (onRail || onKnob) return true;
  }
  return false;
}

function pixel(px, py) {
  let tile = 0;
  let glyph = 0;
  for (let sy = 0; sy < samples; sy += 1) {
    for (let sx = 0; sx < samples; sx += 1) {
      const x = px + (sx + 0.5) / samples;
      const y = py + (sy + 0.5) / samples;
      if (insideRoundedSquare(x, y)) {
        tile += 1;
        if (insideGlyph(x, y)) glyph += 1;
      }
    }
  }
  const total = samples * samples;
  const mix = py / size;
  const base = top.map((channel, index) => channel + (bottom[index] - channel) * mix);
  const glyphShare = tile === 0 ? 0 : glyph / tile;
  const colour = base.map((channel) => Math.round(channel + (255 - channel) * glyphShare));
  return [...colour, Math.round((255 * tile) / total)];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

const rows = [];
for (let y = 0; y < size; y += 1) {
  const row = Buffer.alloc(1 + size * 4);
  for (let x = 0; x < size; x += 1) Buffer.from(pixel(x, y)).copy(row, 1 + x * 4);
  rows.push(row);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit depth, RGBA, deflate, no filter, no interlace

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../public/logo.png', import.meta.url), png);
console.log(`wrote logo.png (${png.length} bytes)`);
