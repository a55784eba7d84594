// What the settlement journal costs, measured against a second gateway started with BILLING_JOURNAL=off.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configureGateway } from './console-setup.mjs';
import { startGateway } from './gateway.mjs';
import { loadPhase } from './load.mjs';
import { measured } from './measured.mjs';

/**
 * The non-stream `phase` (the one the floor is measured with) on `gateway` and on a second one
 * started with BILLING_JOURNAL=off, taken in turns after the same warm-up, twice each; the lower CPU
 * per call of each stands (the least disturbed run).
 */
export async function measureJournalCost({ main, root, upstream, gateway, key, phase, seconds }) {
  console.log(
    `journal cost: ${phase.name}, this gateway and one with BILLING_JOURNAL=off in turns (4 × ${seconds} s)…`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-nojournal-'));
  const withoutJournal = await startGateway({ main, root, dataDir, environment: { BILLING_JOURNAL: 'off' } });
  try {
    const account = await configureGateway(withoutJournal.url, upstream.url);
    await loadPhase({
      base: withoutJournal.url,
      key: account.key,
      connections: phase.connections,
      seconds: 4,
      stream: false,
    });
    const on = [];
    const off = [];
    for (let round = 0; round < 2; round += 1) {
      on.push(await measured(gateway, key, phase, seconds));
      off.push(await measured(withoutJournal, account.key, phase, seconds));
    }
    const lowest = (runs) => Math.min(...runs.map((run) => run.cpuPerCallMs));
    return { withCpuPerCallMs: lowest(on), withoutCpuPerCallMs: lowest(off) };
  } finally {
    await withoutJournal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
