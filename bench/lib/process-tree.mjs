// CPU time and memory of a process, or of a process and all its descendants (a gateway started with
// WORKERS=N is a primary and its N worker processes), read from /proc.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The fields of /proc/<pid>/stat after the command name, or null once the process is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU time of a process so far, in milliseconds (0 once it is gone). */
export function cpuMilliseconds(pid) {
  const fields = statFields(pid);
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS : 0;
}

/** Resident memory of a process, in KiB. */
export function rssKilobytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** Every descendant of `pid` (children, their children…), found through the parent pid in /proc/<pid>/stat. */
export function descendants(pid) {
  const childrenOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const parent = Number(fields[1]);
    if (!childrenOf.has(parent)) childrenOf.set(parent, []);
    childrenOf.get(parent).push(Number(entry));
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** The CPU time of a process and its descendants so far, in milliseconds, and how many processes that is. */
export function treeCpu(pid) {
  const processes = [pid, ...descendants(pid)];
  return { milliseconds: processes.reduce((sum, each) => sum + cpuMilliseconds(each), 0), processes: processes.length };
}

/** Whether a process still runs (a zombie waiting for its parent counts as gone). */
export function isRunning(pid) {
  const fields = existsSync(`/proc/${pid}`) ? statFields(pid) : null;
  return fields !== null && fields[0] !== 'Z';
}
