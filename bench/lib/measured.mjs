// One autocannon run against a process, with the CPU time that process and the processes it forked
// spent per answered call.
import { loadPhase } from './load.mjs';
import { rssKilobytes, treeCpu } from './process-tree.mjs';

/** `target` is { url, pid }; `phase` is { connections, stream }. */
export async function measured(target, key, phase, seconds) {
  const before = treeCpu(target.pid);
  const result = await loadPhase({
    base: target.url,
    key,
    connections: phase.connections,
    seconds,
    stream: phase.stream,
  });
  const after = treeCpu(target.pid);
  const cpuPerCallMs = (after.milliseconds - before.milliseconds) / Math.max(1, result.ok);
  return { ...result, cpuPerCallMs, processes: after.processes, rssAfterKilobytes: rssKilobytes(target.pid) };
}
