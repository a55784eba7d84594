import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, repositoryRoot, serverEntry, webDist } from './paths';

export interface RunningServer {
  baseUrl: string;
  /** fetch against the server with a path: `call('/api/status')` */
  call: (path: string, init?: RequestInit) => Promise<Response>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
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

async function waitForStatus(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer /api/status within 30 s:\n${output()}`);
}

/** Starts the built server on a free port with a fresh SQLite file (so root / 123456 exists). */
export async function startServer(): Promise<RunningServer> {
  assertBuilt();
  const dataFolder = await mkdtemp(join(tmpdir(), 'switchboard-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      SQLITE_PATH: join(dataFolder, 'db.sqlite'),
      WEB_DIST: webDist,
      SQL_DSN: '',
      REDIS_CONN_STRING: '',
      // Every browser test signs in from 127.0.0.1; the critical per-IP limit is tested on the server side.
      CRITICAL_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed = `${printed}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => printed;
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataFolder, { recursive: true, force: true });
  };

  try {
    await waitForStatus(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, call: (path, init) => fetch(`${baseUrl}${path}`, init), output, stop };
}
