// The scale-out mode as a phase of its own: a gateway on a fresh PostgreSQL database with a
// redis-server of its own, the non-stream load on it and on the bare passthrough in turns, the
// gateway's CPU per call, the Redis server's CPU per call, and the ledger read from PostgreSQL.
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureGateway } from './console-setup.mjs';
import { startGateway } from './gateway.mjs';
import { loadPhase } from './load.mjs';
import { measured } from './measured.mjs';
import { startPassthrough } from './passthrough.mjs';
import {
  checkLedgerPostgres,
  freshPostgresDatabase,
  POSTGRES_ADMIN_DSN,
  scaleOutEnvironment,
  startRedisServer,
} from './scale-out.mjs';

const ROUNDS = 2;

/** One measured run with the Redis server's CPU time across it, per answered call. */
export async function measuredWithRedis(target, key, phase, seconds, redis) {
  const before = redis.cpuMs();
  const run = await measured(target, key, phase, seconds);
  return { ...run, redisCpuPerCallMs: (redis.cpuMs() - before) / Math.max(1, run.ok) };
}

/**
 * The phase, or why it cannot run here (no PostgreSQL at BENCH_POSTGRES_DSN,
 * no redis-server): the phase is then reported as not run, and the rest of the bench goes on.
 */
export async function measureScaleOut({ main, root, upstream, phase, seconds }) {
  console.log(
    `scale-out: ${phase.name} on PostgreSQL + Redis and on the bare passthrough in turns (${ROUNDS * 2} × ${seconds} s)…`,
  );
  const started = [];
  let database;
  let redis;
  try {
    database = await freshPostgresDatabase();
    started.push(() => database.drop());
    redis = await startRedisServer();
    started.push(() => redis.stop());
  } catch (error) {
    for (const stop of started.reverse()) await stop();
    return {
      notRun: `${error instanceof Error ? error.message : error} (it needs PostgreSQL at BENCH_POSTGRES_DSN, default ${POSTGRES_ADMIN_DSN}, and redis-server on PATH)`,
    };
  }
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-scale-out-'));
    started.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const gateway = await startGateway({
      main,
      root,
      dataDir,
      inspect: false,
      environment: scaleOutEnvironment(database, redis),
    });
    started.push(() => gateway.stop());
    const passthrough = await startPassthrough(upstream.url);
    started.push(() => passthrough.stop());
    const account = await configureGateway(gateway.url, upstream.url);
    await loadPhase({ base: gateway.url, key: account.key, connections: phase.connections, seconds: 2, stream: false });
    const bare = [];
    const through = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await measured(passthrough, null, phase, seconds));
      through.push(await measuredWithRedis(gateway, account.key, phase, seconds, redis));
    }
    await sleep(1500); // the billing and log writers flush once a second
    await gateway.stop();
    const lowest = (runs) => runs.reduce((kept, run) => (run.cpuPerCallMs < kept.cpuPerCallMs ? run : kept));
    const gatewayRun = lowest(through);
    const passthroughRun = lowest(bare);
    return {
      phase: phase.name,
      passthrough: passthroughRun,
      gateway: gatewayRun,
      ratio: gatewayRun.cpuPerCallMs / passthroughRun.cpuPerCallMs,
      redisCpuPerCallMs: Math.min(...through.map((run) => run.redisCpuPerCallMs)),
      refused: [...bare, ...through].reduce((sum, run) => sum + run.refused, 0),
      ledger: await checkLedgerPostgres(database.dsn, account.userId, account.quota),
    };
  } finally {
    for (const stop of started.reverse()) await stop();
  }
}
