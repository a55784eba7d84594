import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnPrinting } from './server-process';

/** The repository's root, where `npm start` runs. */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** `npm start` (or another start command) as an operator runs it, in a process group of its own. */
export interface StartedCommand {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the command's exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Every process below the command now (npm, its shell, the primary, the workers; Linux /proc). */
  descendants(): number[];
  /** Every process seen below the command since it started (looked for every 50 ms until it exits). */
  everSeen(): number[];
  /** Resolves once the server says it listens and answers /api/status. */
  serving(): Promise<void>;
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every process below `pid`, each before its own children (Linux /proc). */
export function processTree(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...processTree(child)]);
}

/** Whether a process still runs: one that is gone, or a zombie that only waits to be reaped, does not. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Runs `command` (default `npm start`) from the repository root with `environment` over a minimal
 * one (PORT chosen here unless given, HOST 127.0.0.1), as the leader of a new process group, so that a
 * test can signal the whole group as a terminal's Ctrl-C does.
 */
export async function startCommand(
  environment: Record<string, string>,
  command: string[] = ['npm', 'start'],
): Promise<StartedCommand> {
  const port = environment.PORT ?? String(await freePort());
  const { child, output } = spawnPrinting(command, {
    cwd: repositoryRoot,
    detached: true,
    keep: 50_000,
    environment: { HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...environment, PORT: port },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const descendants = () => (child.pid ? processTree(child.pid) : []);
  const seen = new Set<number>();
  const watch = setInterval(() => {
    for (const pid of descendants()) seen.add(pid);
  }, 50);
  void exited.then(() => clearInterval(watch));
  const serving = async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the start exited:\n${output()}`);
      const answered = await fetch(`${url}/api/status`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered && output().includes(' listening on ')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not serve within 60 s:\n${output()}`);
  };
  return { child, url, output, exited, descendants, everSeen: () => [...seen], serving };
}
