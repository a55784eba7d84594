// CPU pinning for the workers phase with taskset (util-linux): the gateway's processes on their own
// cores, the load generator and the fake upstream (this process and its threads) on the others,
// when the machine has cores enough to keep them apart.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The CPUs this process may run on, from Cpus_allowed_list ("0-3,6"). */
export function allowedCpus() {
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '0';
  return list.split(',').flatMap((range) => {
    const [first, last = first] = range.split('-').map(Number);
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  });
}

function tasksetExists() {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * How to place the workers phase: `mode` is "auto" (pin when the load generator can have a core of
 * its own), "on" or "off". The gateway gets the first `gatewayCores` CPUs, the load generator the
 * rest, or, with no CPU left over, the last of the gateway's (shared).
 */
export function planPinning(mode, gatewayCores) {
  if (!['auto', 'on', 'off'].includes(mode)) throw new Error(`--pin takes auto, on or off, not "${mode}"`);
  const cpus = allowedCpus();
  const gateway = cpus.slice(0, gatewayCores);
  const rest = cpus.slice(gatewayCores);
  const cores = `${cpus.length} core${cpus.length === 1 ? '' : 's'}`;
  const wanted = mode === 'on' || (mode === 'auto' && rest.length > 0);
  if (!wanted || cpus.length < gatewayCores) {
    const why =
      mode === 'off'
        ? 'off'
        : cpus.length < gatewayCores
          ? `fewer than ${gatewayCores} cores`
          : 'no core left for the load generator';
    return {
      pinned: false,
      separate: false,
      cpus,
      description: `${cores}, not pinned (${why}): the gateway, the load generator and the fake upstream share every core`,
    };
  }
  if (!tasksetExists()) throw new Error('--pin needs taskset (Debian package util-linux)');
  const load = rest.length > 0 ? rest : gateway.slice(-1);
  const shared = rest.length === 0;
  return {
    pinned: true,
    separate: !shared,
    cpus,
    gateway,
    load,
    description: `${cores}, pinned with taskset: gateway processes on CPU ${gateway.join(',')}, load generator and fake upstream on CPU ${load.join(',')}${shared ? ' (shared with the gateway: no core left over)' : ''}`,
  };
}

/** Sets the CPUs of every thread of a running process. */
export function pinProcess(pid, cpus) {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus.join(','), String(pid)], { stdio: 'ignore' });
}

/** The command prefix that starts a program (and so its children) on `cpus`. */
export const tasksetPrefix = (cpus) => ['taskset', '--cpu-list', cpus.join(',')];
