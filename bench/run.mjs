// npm run bench [-- --duration 10 --samples 200 --streams 1000 --profile --build --main path/to/main.js]
// Measures the gateway against direct-to-upstream on this machine; see README "Benchmark".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { configureGateway } from './lib/console-setup.mjs';
import { startFakeUpstream } from './lib/fake-upstream.mjs';
import { cpuMilliseconds, ensureBuild, rssKilobytes, startGateway } from './lib/gateway.mjs';
import { heapAfterCollection } from './lib/inspector.mjs';
import { checkLedger } from './lib/ledger.mjs';
import { loadPhase, openStreams, sampleTimeToFirstByte } from './lib/load.mjs';
import { startPassthrough } from './lib/passthrough.mjs';
import { judge, printReport } from './lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const resultsDir = join(here, 'results');

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    samples: { type: 'string', default: '200' },
    streams: { type: 'string', default: '1000' },
    profile: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    main: { type: 'string' },
  },
});
const seconds = Number(options.duration);
const samples = Number(options.samples);
const streamCount = Number(options.streams);

const PHASES = [
  { name: 'chat, 50 connections', connections: 50, stream: false },
  { name: 'chat, 200 connections', connections: 200, stream: false },
  { name: 'stream, 50 connections', connections: 50, stream: true },
];

/** One autocannon run against a process, with the CPU time that process spent per answered call. */
async function measured(target, key, phase) {
  const cpuBefore = cpuMilliseconds(target.pid);
  const result = await loadPhase({ base: target.url, key, connections: phase.connections, seconds, stream: phase.stream });
  const cpuPerCallMs = (cpuMilliseconds(target.pid) - cpuBefore) / Math.max(1, result.ok);
  return { ...result, cpuPerCallMs, rssAfterKilobytes: rssKilobytes(target.pid) };
}

async function measurePhases(upstream, gateway, key) {
  const phases = [];
  for (const phase of PHASES) {
    console.log(`${phase.name}: direct, then through the gateway (${seconds} s each)…`);
    const direct = await loadPhase({ base: upstream.url, key: null, connections: phase.connections, seconds, stream: phase.stream });
    const through = await measured(gateway, key, phase);
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

/** The same non-stream load through a bare node:http + undici passthrough: the floor for any Node gateway. */
async function measureFloor(upstream) {
  console.log(`floor: bare passthrough, ${PHASES[0].name} (${seconds} s)…`);
  const passthrough = await startPassthrough(upstream.url);
  try {
    await loadPhase({ base: passthrough.url, key: null, connections: 50, seconds: 1, stream: false });
    return await measured(passthrough, null, PHASES[0]);
  } finally {
    await passthrough.stop();
  }
}

/**
 * What the settlement journal costs: the first non-stream phase (the one the floor is measured
 * with) on this gateway and on a second one started with BILLING_JOURNAL=off, taken in turns after
 * the same warm-up, twice each; the lower CPU per call of each stands (the least disturbed run).
 */
async function measureJournalCost(main, upstream, gateway, key) {
  const phase = PHASES[0];
  console.log(`journal cost: ${phase.name}, this gateway and one with BILLING_JOURNAL=off in turns (4 × ${seconds} s)…`);
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-nojournal-'));
  const withoutJournal = await startGateway({ main, root, dataDir, environment: { BILLING_JOURNAL: 'off' } });
  try {
    const account = await configureGateway(withoutJournal.url, upstream.url);
    await loadPhase({ base: withoutJournal.url, key: account.key, connections: 50, seconds: 4, stream: false });
    const on = [];
    const off = [];
    for (let round = 0; round < 2; round += 1) {
      on.push(await measured(gateway, key, phase));
      off.push(await measured(withoutJournal, account.key, phase));
    }
    const lowest = (runs) => Math.min(...runs.map((run) => run.cpuPerCallMs));
    return { withCpuPerCallMs: lowest(on), withoutCpuPerCallMs: lowest(off) };
  } finally {
    await withoutJournal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
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
    heap: { beforeKilobytes: beforeHeap, openKilobytes: openHeap, afterKilobytes: afterHeap, kilobytesPerStream: (openHeap - beforeHeap) / open },
    // Returned: after a full collection the heap is back within a tenth of what the streams took (or 1 MB).
    returned: afterHeap - beforeHeap <= Math.max((openHeap - beforeHeap) / 10, 1024),
  };
}

async function main() {
  // --main bench another build of the gateway (e.g. an older commit's) against the same upstream.
  const main = options.main ? resolve(options.main) : ensureBuild(root, { build: options.build });
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-'));
  const profileDir = options.profile ? join(resultsDir, 'profile') : null;
  const upstream = await startFakeUpstream();
  const gateway = await startGateway({ main, root, dataDir, profileDir });
  try {
    const account = await configureGateway(gateway.url, upstream.url);
    console.log(`gateway ${gateway.url} (pid ${gateway.pid}), upstream ${upstream.url}; root quota ${account.quota}`);
    // Memory first, while the heap is small: after the load phases it holds enough free space to
    // absorb the streams without growing, which would hide their cost.
    const memory = await measureMemory(upstream, gateway, account.key);
    console.log('warming up (2 s)…');
    await loadPhase({ base: gateway.url, key: account.key, connections: 50, seconds: 2, stream: false });
    const phases = await measurePhases(upstream, gateway, account.key);
    const floor = await measureFloor(upstream);
    const journalCost = await measureJournalCost(main, upstream, gateway, account.key);
    console.log(`time to first byte: ${samples} sequential streams each way…`);
    const firstByte = { samples, ...(await sampleTimeToFirstByte({ direct: upstream.url, gateway: gateway.url, key: account.key, samples })) };
    await sleep(1500); // the billing and log writers flush once a second
    await gateway.stop();
    const ledger = checkLedger(join(dataDir, 'switchboard.db'), account.userId, account.quota);
    const journal = { ...journalCost, worstWriteBehindLagMs: gateway.worstLagMs() };
    const results = { date: new Date().toISOString(), seconds, phases, floor, firstByte, memory, ledger, journal };
    const verdict = judge(results);
    console.log('');
    printReport(results, verdict);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify({ ...results, verdict }, null, 2)}\n`);
    console.log(`\nwritten: bench/results/latest.json${profileDir ? `; CPU profile in bench/results/profile/ (node bench/profile-summary.mjs)` : ''}`);
    process.exitCode = verdict.nothingRefused && verdict.ledger ? 0 : 1;
  } finally {
    await gateway.stop();
    await upstream.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
