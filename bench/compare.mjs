// node bench/compare.mjs [--stream] [--rounds 3] [--seconds 8] [--burst] [--profile] [--scale-out] name=path/to/main.js[:NAME=value,NAME=value] …
//
// Builds or settings side by side: each gateway named on the command line (a bundle and, after a colon,
// environment variables such as WORKERS=2 or BILLING_JOURNAL=off) is started on a fresh SQLite file, and
// the same 50-connection chat load runs on the bare passthrough and on every gateway in turns, `--rounds`
// times; the lowest CPU per call of each stands, beside its multiple of the passthrough's. `--burst` first
// holds 1000 streams open on every gateway at once (as `npm run bench` does before its floor phase).
// `--profile` writes a CPU profile of every gateway process into bench/results/profile/<name>/ when it
// stops (`node bench/profile-summary.mjs <file>` reads one). `--scale-out` starts every gateway on a fresh
// PostgreSQL database (on BENCH_POSTGRES_DSN's server) with a redis-server of its own, and prints beside
// each gateway's figures the CPU its Redis server spent per call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configureGateway } from './lib/console-setup.mjs';
import { startFakeUpstream } from './lib/fake-upstream.mjs';
import { startGateway } from './lib/gateway.mjs';
import { loadPhase, openStreams } from './lib/load.mjs';
import { measured } from './lib/measured.mjs';
import { startPassthrough } from './lib/passthrough.mjs';
import { measuredWithRedis } from './lib/scale-out-phase.mjs';
import { freshPostgresDatabase, scaleOutEnvironment, startRedisServer } from './lib/scale-out.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stream: { type: 'boolean', default: false },
    burst: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'scale-out': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
  },
});
if (positionals.length === 0) throw new Error('name at least one gateway: name=server/dist/main.js[:NAME=value,…]');

/** "name=main.js:A=1,B=2" → { name, main, environment } (a value may hold "=" itself). */
function gatewaySpec(text) {
  const [name, rest = ''] = text.split(/=(.*)/s);
  const [main, settings = ''] = rest.split(/:(.*)/s);
  const pairs = settings
    .split(',')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
  return { name, main: resolve(main), environment: Object.fromEntries(pairs) };
}

const phase = { connections: 50, stream: options.stream };
const upstream = await startFakeUpstream();
const targets = [{ name: 'passthrough', process: await startPassthrough(upstream.url), key: null, runs: [] }];
const dataDirs = [];
const stops = [];
try {
  for (const spec of positionals.map(gatewaySpec)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-compare-'));
    dataDirs.push(dataDir);
    // With workers, the primary and each worker write a profile of their own (they inherit --cpu-prof).
    const profileDir = options.profile ? join(root, 'bench/results/profile', spec.name) : undefined;
    let redis = null;
    let environment = spec.environment;
    if (options['scale-out']) {
      const database = await freshPostgresDatabase();
      stops.push(() => database.drop());
      redis = await startRedisServer();
      stops.push(() => redis.stop());
      environment = { ...scaleOutEnvironment(database, redis), ...environment };
    }
    const gateway = await startGateway({ main: spec.main, root, dataDir, profileDir, inspect: false, environment });
    targets.push({
      name: spec.name,
      process: gateway,
      key: (await configureGateway(gateway.url, upstream.url)).key,
      runs: [],
      redis,
      redisRuns: [],
    });
  }
  if (options.burst) {
    for (const target of targets.slice(1)) {
      upstream.hold();
      const streams = await openStreams({ base: target.process.url, key: target.key, count: 1000, timeoutMs: 30_000 });
      upstream.release();
      await streams.finish();
    }
  }
  for (const target of targets) await loadPhase({ base: target.process.url, key: target.key, ...phase, seconds: 2 });
  for (let round = 0; round < Number(options.rounds); round += 1) {
    for (const target of targets) {
      const run = target.redis
        ? await measuredWithRedis(target.process, target.key, phase, Number(options.seconds), target.redis)
        : await measured(target.process, target.key, phase, Number(options.seconds));
      target.runs.push(run.cpuPerCallMs * 1000);
      if (target.redis) target.redisRuns.push(run.redisCpuPerCallMs * 1000);
    }
  }
  const floor = Math.min(...targets[0].runs);
  console.log(
    `${options.stream ? 'streamed' : 'non-stream'} chat, 50 connections${options.burst ? ', after 1000 streams held at once' : ''}: CPU per call in µs, each round, then the lowest`,
  );
  for (const target of targets) {
    const lowest = Math.min(...target.runs);
    const redis = target.redis
      ? `; Redis server ${target.redisRuns.map((value) => value.toFixed(1)).join(' ')}, lowest ${Math.min(...target.redisRuns).toFixed(1)}`
      : '';
    console.log(
      `${target.name.padEnd(16)} ${target.runs.map((value) => value.toFixed(1).padStart(7)).join('')}   lowest ${lowest.toFixed(1)}  ${(lowest / floor).toFixed(2)}x the passthrough${redis}`,
    );
  }
} finally {
  for (const target of targets) await target.process.stop();
  for (const stop of stops.reverse()) await stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  await upstream.stop();
}
process.exit(0);
