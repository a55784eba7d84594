// npm run bench [-- --duration 8 --samples 200 --streams 1000 --sessions 200 --pin auto|on|off --skip journal,workers,realtime,scaleout
//                   --profile --build --main path/to/main.js]
// Measures the gateway against direct-to-upstream and a bare passthrough on this machine; see README "Benchmark".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { configureGateway } from './lib/console-setup.mjs';
import { startFakeUpstream } from './lib/fake-upstream.mjs';
import { measureFloor } from './lib/floor.mjs';
import { ensureBuild, startGateway } from './lib/gateway.mjs';
import { heapAfterCollection } from './lib/inspector.mjs';
import { measureJournalCost } from './lib/journal-cost.mjs';
import { checkLedger } from './lib/ledger.mjs';
import { loadPhase, openStreams, sampleTimeToFirstByte } from './lib/load.mjs';
import { measured } from './lib/measured.mjs';
import { startPassthrough } from './lib/passthrough.mjs';
import { planPinning } from './lib/pinning.mjs';
import { measureRealtimeSessions, REALTIME_MODEL, startFakeRealtime } from './lib/realtime-phase.mjs';
import { rssKilobytes } from './lib/process-tree.mjs';
import { judge, printReport } from './lib/report.mjs';
import { measureScaleOut } from './lib/scale-out-phase.mjs';
import { measureWorkers, WORKER_COUNTS } from './lib/workers-phase.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const resultsDir = join(here, 'results');

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    samples: { type: 'string', default: '200' },
    streams: { type: 'string', default: '1000' },
    sessions: { type: 'string', default: '200' },
    pin: { type: 'string', default: 'auto' },
    skip: { type: 'string', default: '' },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    main: { type: 'string' },
  },
});
/** A whole number of at least 1 from an option; anything else stops the bench with a clear message. */
function count(name) {
  const value = Number(options[name]);
  if (Number.isInteger(value) && value >= 1) return value;
  console.error(`bench failed: --${name} takes a whole number of at least 1, not "${options[name]}"`);
  process.exit(1);
}
const seconds = count('duration');
const samples = count('samples');
const streamCount = count('streams');
const sessionCount = count('sessions');
const SKIPPABLE = ['journal', 'workers', 'realtime', 'scaleout'];
const skipped = new Set(options.skip.split(',').filter(Boolean));

const PHASES = [
  { name: 'chat, 50 connections', connections: 50, stream: false },
  { name: 'chat, 200 connections', connections: 200, stream: false },
  { name: 'stream, 50 connections', connections: 50, stream: true },
];
const FLOOR_PHASES = [PHASES[0], PHASES[2]];

async function measurePhases(upstream, gateway, key) {
  const phases = [];
  for (const phase of PHASES) {
    console.log(`${phase.name}: direct, then through the gateway (${seconds} s each)…`);
    const direct = await loadPhase({
      base: upstream.url,
      key: null,
      connections: phase.connections,
      seconds,
      stream: phase.stream,
    });
    const through = await measured(gateway, key, phase, seconds);
    phases.push({
      ...phase,
      direct,
      gateway: through,
      ratio: through.requestsPerSecond / direct.requestsPerSecond,
      gatewayCpuPerCallMs: through.cpuPerCallMs,
    });
  }
  return phases;
}

async function measureMemory(upstream, gateway, key) {
  console.log(`memory: ${streamCount} streams held open at once…`);
  // A few streams first, so that code loading and compilation do not count as stream memory.
  upstream.release();
  await (await openStreams({ base: gateway.url, key, count: 20, timeoutMs: 10_000 })).finish();
  upstream.hold();
  await sleep(1500);
  const beforeHeap = await heapAfterCollection(gateway.inspectorUrl);
  const beforeKilobytes = rssKilobytes(gateway.pid);
  const streams = await openStreams({ base: gateway.url, key, count: streamCount, timeoutMs: 30_000 });
  await sleep(500);
  const openKilobytes = rssKilobytes(gateway.pid);
  const openHeap = await heapAfterCollection(gateway.inspectorUrl);
  upstream.release();
  const { failed } = await streams.finish();
  await sleep(1500); // the settlements and their log rows are written within a second
  const afterHeap = await heapAfterCollection(gateway.inspectorUrl);
  const afterKilobytes = rssKilobytes(gateway.pid);
  const open = Math.max(1, streams.open);
  return {
    requested: streamCount,
    open: streams.open,
    failed,
    beforeKilobytes,
    openKilobytes,
    afterKilobytes,
    kilobytesPerStream: (openKilobytes - beforeKilobytes) / open,
    heap: {
      beforeKilobytes: beforeHeap,
      openKilobytes: openHeap,
      afterKilobytes: afterHeap,
      kilobytesPerStream: (openHeap - beforeHeap) / open,
    },
    // Returned: after a full collection the heap is back within a tenth of what the streams took (or 1 MB).
    returned: afterHeap - beforeHeap <= Math.max((openHeap - beforeHeap) / 10, 1024),
  };
}

/**
 * What holding the same streams costs any Node proxy: the bare passthrough's resident memory and JS heap
 * per open stream (two sockets, their buffers and parsers), printed beside the gateway's.
 */
async function measurePassthroughStreams(upstream) {
  const passthrough = await startPassthrough(upstream.url, { inspect: true });
  try {
    upstream.release();
    await (await openStreams({ base: passthrough.url, key: null, count: 20, timeoutMs: 10_000 })).finish();
    upstream.hold();
    await sleep(1500);
    const beforeHeap = await heapAfterCollection(passthrough.inspectorUrl);
    const beforeKilobytes = rssKilobytes(passthrough.pid);
    const streams = await openStreams({ base: passthrough.url, key: null, count: streamCount, timeoutMs: 30_000 });
    await sleep(500);
    const openKilobytes = rssKilobytes(passthrough.pid);
    const openHeap = await heapAfterCollection(passthrough.inspectorUrl);
    upstream.release();
    await streams.finish();
    const open = Math.max(1, streams.open);
    return {
      open: streams.open,
      kilobytesPerStream: (openKilobytes - beforeKilobytes) / open,
      heapKilobytesPerStream: (openHeap - beforeHeap) / open,
    };
  } finally {
    upstream.release();
    await passthrough.stop();
  }
}

async function main() {
  const unknown = [...skipped].filter((name) => !SKIPPABLE.includes(name));
  if (unknown.length > 0)
    throw new Error(`--skip takes ${SKIPPABLE.join(', ')} (comma-separated), not "${unknown.join(',')}"`);
  const pinning = planPinning(options.pin, Math.max(...WORKER_COUNTS));
  // --main bench another build of the gateway (e.g. an older commit's) against the same upstream.
  const main = options.main ? resolve(options.main) : ensureBuild(root, { build: options.build });
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-'));
  // Only the single-process gateway of the main phases is profiled; the workers phase never is.
  const profileDir = options.profile ? join(resultsDir, 'profile') : null;
  const upstream = await startFakeUpstream();
  const realtimeUpstream = skipped.has('realtime') ? null : await startFakeRealtime();
  const gateway = await startGateway({ main, root, dataDir, profileDir });
  try {
    const account = await configureGateway(
      gateway.url,
      upstream.url,
      realtimeUpstream && { url: realtimeUpstream.url, model: REALTIME_MODEL },
    );
    console.log(
      `gateway ${gateway.url} (pid ${gateway.pid}, WORKERS=1), upstream ${upstream.url}; root quota ${account.quota}`,
    );
    // Memory first, while the heap is small: after the load phases it holds enough free space to
    // absorb the streams without growing, which would hide their cost.
    const memory = {
      ...(await measureMemory(upstream, gateway, account.key)),
      passthrough: await measurePassthroughStreams(upstream),
    };
    const realtime = realtimeUpstream
      ? await measureRealtimeSessions({ gateway, key: account.key, count: sessionCount })
      : null;
    console.log('warming up (2 s)…');
    await loadPhase({ base: gateway.url, key: account.key, connections: 50, seconds: 2, stream: false });
    const phases = await measurePhases(upstream, gateway, account.key);
    const floor = await measureFloor({ upstream, gateway, key: account.key, phases: FLOOR_PHASES, seconds });
    const journalCost = skipped.has('journal')
      ? null
      : await measureJournalCost({ main, root, upstream, gateway, key: account.key, phase: PHASES[0], seconds });
    console.log(`time to first byte: ${samples} sequential streams each way…`);
    const firstByte = {
      samples,
      ...(await sampleTimeToFirstByte({ direct: upstream.url, gateway: gateway.url, key: account.key, samples })),
    };
    await sleep(1500); // the billing and log writers flush once a second
    await gateway.stop();
    const ledger = checkLedger(join(dataDir, 'switchboard.db'), account.userId, account.quota);
    const journal = { ...journalCost, worstWriteBehindLagMs: gateway.worstLagMs() };
    const workers = skipped.has('workers')
      ? null
      : await measureWorkers({ main, root, upstream, phase: PHASES[0], seconds, pinning });
    const scaleOut = skipped.has('scaleout')
      ? null
      : await measureScaleOut({ main, root, upstream, phase: PHASES[0], seconds });
    const results = {
      date: new Date().toISOString(),
      seconds,
      phases,
      floor,
      firstByte,
      memory,
      realtime,
      ledger,
      journal,
      workers,
      scaleOut,
    };
    const verdict = judge(results);
    console.log('');
    printReport(results, verdict);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify({ ...results, verdict }, null, 2)}\n`);
    console.log(
      `\nwritten: bench/results/latest.json${profileDir ? '; CPU profile of the WORKERS=1 gateway in bench/results/profile/ (node bench/profile-summary.mjs)' : ''}`,
    );
    process.exitCode =
      verdict.nothingRefused && verdict.ledger && verdict.workersLedger !== false && verdict.scaleOutLedger !== false
        ? 0
        : 1;
  } finally {
    await gateway.stop();
    await upstream.stop();
    await realtimeUpstream?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
