// Many cores: the same non-stream load on a gateway started with WORKERS=1 and on one started with
// WORKERS=2, each on a fresh SQLite file; CPU is summed over the primary and every worker it forked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { configureGateway } from './console-setup.mjs';
import { startGateway } from './gateway.mjs';
import { checkLedger } from './ledger.mjs';
import { loadPhase } from './load.mjs';
import { measured } from './measured.mjs';
import { pinProcess } from './pinning.mjs';

export const WORKER_COUNTS = [1, 2];

async function startWorkers({ main, root, upstream, workers, pinning }) {
  const dataDir = mkdtempSync(join(tmpdir(), `switchboard-bench-workers${workers}-`));
  const gateway = await startGateway({
    main,
    root,
    dataDir,
    inspect: false,
    cpus: pinning.pinned ? pinning.gateway : undefined,
    environment: { WORKERS: String(workers) },
  });
  try {
    const account = await configureGateway(gateway.url, upstream.url);
    return { workers, dataDir, gateway, account, runs: [] };
  } catch (error) {
    await gateway.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Both gateways run side by side and are measured in turns, twice each, after the same warm-up; the
 * run with the higher throughput stands for each. With `pinning.pinned` the gateways start on their
 * CPUs and this process (the load generator and the fake upstream's thread) moves to the others for
 * the phase. The ledger is checked on each gateway's own database once it has stopped.
 */
export async function measureWorkers({ main, root, upstream, phase, seconds, pinning }) {
  console.log(
    `workers: ${phase.name} on WORKERS=${WORKER_COUNTS.join(' and WORKERS=')} in turns (${WORKER_COUNTS.length * 2} × ${seconds} s); ${pinning.description}…`,
  );
  const setups = [];
  try {
    for (const workers of WORKER_COUNTS) setups.push(await startWorkers({ main, root, upstream, workers, pinning }));
    if (pinning.pinned) pinProcess(process.pid, pinning.load);
    for (const setup of setups) {
      await loadPhase({
        base: setup.gateway.url,
        key: setup.account.key,
        connections: phase.connections,
        seconds: 2,
        stream: false,
      });
    }
    for (let round = 0; round < 2; round += 1) {
      for (const setup of setups) setup.runs.push(await measured(setup.gateway, setup.account.key, phase, seconds));
    }
    await sleep(1500); // the billing and log writers flush once a second
    const results = [];
    for (const setup of setups) {
      await setup.gateway.stop();
      const best = setup.runs.reduce((kept, run) => (run.requestsPerSecond > kept.requestsPerSecond ? run : kept));
      results.push({
        workers: setup.workers,
        processes: Math.max(...setup.runs.map((run) => run.processes)),
        requestsPerSecond: best.requestsPerSecond,
        p50: best.p50,
        p99: best.p99,
        cpuPerCallMs: best.cpuPerCallMs,
        refused: setup.runs.reduce((sum, run) => sum + run.refused, 0),
        ledger: checkLedger(join(setup.dataDir, 'switchboard.db'), setup.account.userId, setup.account.quota),
      });
    }
    const [one, two] = results;
    return {
      pinning: pinning.description,
      loadGeneratorApart: pinning.separate,
      phase: phase.name,
      runs: results,
      throughputRatio: two.requestsPerSecond / one.requestsPerSecond,
    };
  } finally {
    if (pinning.pinned) pinProcess(process.pid, pinning.cpus);
    for (const setup of setups) {
      await setup.gateway.stop();
      rmSync(setup.dataDir, { recursive: true, force: true });
    }
  }
}
