// node bench/stream-heap.mjs [--passthrough] [--streams 300] [--main server/dist/main.js]
//
// What one open stream keeps alive: holds the streams open through the gateway (or the bare
// passthrough), takes a heap snapshot after a full GC before and while they are open, and prints the
// growth per stream by kind of object, largest first. The bench's memory phase gives the totals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configureGateway } from './lib/console-setup.mjs';
import { startFakeUpstream } from './lib/fake-upstream.mjs';
import { startGateway } from './lib/gateway.mjs';
import { heapByKind } from './lib/inspector.mjs';
import { openStreams } from './lib/load.mjs';
import { startPassthrough } from './lib/passthrough.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    passthrough: { type: 'boolean', default: false },
    streams: { type: 'string', default: '300' },
    main: { type: 'string', default: join(root, 'server/dist/main.js') },
  },
});
const count = Number(options.streams);

async function startTarget(upstream, dataDir) {
  if (options.passthrough) return { target: await startPassthrough(upstream.url, { inspect: true }), key: null };
  const target = await startGateway({ main: resolve(options.main), root, dataDir });
  return { target, key: (await configureGateway(target.url, upstream.url)).key };
}

const upstream = await startFakeUpstream();
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-stream-heap-'));
const { target, key } = await startTarget(upstream, dataDir);
try {
  // A few streams first, so that code loading and compilation do not count.
  upstream.release();
  await (await openStreams({ base: target.url, key, count: 50, timeoutMs: 10_000 })).finish();
  upstream.hold();
  await sleep(1500);
  const before = await heapByKind(target.inspectorUrl);
  const streams = await openStreams({ base: target.url, key, count, timeoutMs: 30_000 });
  await sleep(500);
  const open = await heapByKind(target.inspectorUrl);
  upstream.release();
  await streams.finish();
  const perStream = Math.max(1, streams.open);
  const rows = [...open].map(([kind, now]) => {
    const then = before.get(kind) ?? { count: 0, bytes: 0 };
    return { kind, count: (now.count - then.count) / perStream, bytes: (now.bytes - then.bytes) / perStream };
  });
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(
    `${options.passthrough ? 'bare passthrough' : 'gateway'}: ${streams.open}/${count} streams open, ${(total / 1024).toFixed(1)} KB of JS heap per stream`,
  );
  console.log(`${'bytes'.padStart(7)}${'count'.padStart(8)}  kind`);
  for (const row of rows.filter((row) => Math.abs(row.bytes) >= 32).sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${row.bytes.toFixed(0).padStart(7)}${row.count.toFixed(2).padStart(8)}  ${row.kind}`);
  }
} finally {
  await target.stop();
  upstream.release();
  await upstream.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
