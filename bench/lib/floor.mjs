// The floor a Node gateway cannot go below: the same loads through a bare node:http + undici
// passthrough (bench/lib/passthrough.mjs), taken in turns with the gateway.
import { loadPhase } from './load.mjs';
import { measured } from './measured.mjs';
import { startPassthrough } from './passthrough.mjs';

const ROUNDS = 2;

const lowestCpu = (runs) => runs.reduce((kept, run) => (run.cpuPerCallMs < kept.cpuPerCallMs ? run : kept));

/**
 * For each phase, the passthrough and the (warm) gateway in turns, twice each; the run with the lower
 * CPU per call of each stands (the least disturbed), and the ratio of the two is the gateway's cost
 * as a multiple of the floor. Keyed by phase name.
 */
export async function measureFloor({ upstream, gateway, key, phases, seconds }) {
  const names = phases.map((phase) => phase.name).join(' and ');
  console.log(
    `floor: ${names}, a bare passthrough and the gateway in turns (${phases.length * ROUNDS * 2} × ${seconds} s)…`,
  );
  const passthrough = await startPassthrough(upstream.url);
  try {
    const floor = {};
    for (const phase of phases) {
      await loadPhase({
        base: passthrough.url,
        key: null,
        connections: phase.connections,
        seconds: 1,
        stream: phase.stream,
      });
      const bare = [];
      const through = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        bare.push(await measured(passthrough, null, phase, seconds));
        through.push(await measured(gateway, key, phase, seconds));
      }
      const passthroughRun = lowestCpu(bare);
      const gatewayRun = lowestCpu(through);
      floor[phase.name] = {
        phase: phase.name,
        stream: phase.stream,
        passthrough: passthroughRun,
        gateway: gatewayRun,
        refused: [...bare, ...through].reduce((sum, run) => sum + run.refused, 0),
        ratio: gatewayRun.cpuPerCallMs / passthroughRun.cpuPerCallMs,
      };
    }
    return floor;
  } finally {
    await passthrough.stop();
  }
}
