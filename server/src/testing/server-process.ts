import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The production bundle (`npm run build -w server`), which the crash tests run as a real process;
 * SWITCHBOARD_SERVER_BUNDLE runs them against another build (say, an older commit's) to compare.
 */
export const serverBundle = process.env.SWITCHBOARD_SERVER_BUNDLE ?? join(serverRoot, 'dist', 'main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The built server running as a child process on 127.0.0.1, so that a test can SIGKILL it. */
export interface ServerProcess {
  url: string;
  pid: number;
  output(): string;
  /** Resident memory of the process in bytes (Linux /proc). */
  rssBytes(): Promise<number>;
  /** The pids of its child processes (the workers when WORKERS is above 1; Linux /proc). */
  childPids(): Promise<number[]>;
  /** SIGKILL: nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

async function waitForStatus(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const answered = await fetch(`${url}/api/status`).then(
      (response) => response.ok,
      () => false,
    );
    // With several workers the first answers before the others listen; main says when all do.
    if (answered && output().includes(' listening on ')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/status within 30 s:\n${output()}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/**
 * Spawns `command` with `environment` and our PATH (nothing else of ours), keeping the last `keep`
 * characters it prints on stdout and stderr.
 */
export function spawnPrinting(
  [program = 'node', ...args]: string[],
  options: { cwd: string; environment: Record<string, string>; keep: number; detached?: boolean },
): { child: ChildProcess; output: () => string } {
  const child = spawn(program, args, {
    cwd: options.cwd,
    detached: options.detached ?? false,
    env: { PATH: process.env.PATH ?? '', ...options.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed = `${printed}${chunk.toString()}`.slice(-options.keep);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => printed };
}

/**
 * Starts `server/dist/main.js` with `environment` (PORT is chosen here unless given). One process
 * (WORKERS=1) unless the environment asks for more: tests measure and kill that process.
 */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run "npm run build -w server" first`);
  const port = environment.PORT ?? String(await freePort());
  const { child, output } = spawnPrinting([process.execPath, serverBundle], {
    cwd: serverRoot,
    keep: 20_000,
    environment: {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CRITICAL_RATE_LIMIT: '100000',
      WORKERS: '1',
      ...environment,
      PORT: port,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForStatus(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    output,
    async rssBytes() {
      const { readFile } = await import('node:fs/promises');
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    },
    async childPids() {
      const { readFile } = await import('node:fs/promises');
      const children = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').catch(() => '');
      return children.split(' ').filter(Boolean).map(Number);
    },
    async kill() {
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
    },
    async stop() {
      const done = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await done;
      clearTimeout(timer);
      return code;
    },
  };
}
