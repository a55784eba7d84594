import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { consoleClient, type ConsoleClient } from '../../server/src/testing/console-client';
import { startServerProcess } from '../../server/src/testing/server-process';
import { signIn } from '../../server/src/testing/test-server';
import { assertBuilt, webDist } from './paths';

export interface RunningServer {
  baseUrl: string;
  /** the server's SQLite file, for tests that seed rows the relay would write */
  sqlitePath: string;
  /** fetch against the server with a path: `call('/api/status')` */
  call: (path: string, init?: RequestInit) => Promise<Response>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the built server on a free port with a fresh SQLite file (so root / 123456 exists). */
export async function startServer(): Promise<RunningServer> {
  assertBuilt();
  const dataFolder = await mkdtemp(join(tmpdir(), 'switchboard-e2e-'));
  try {
    const sqlitePath = join(dataFolder, 'db.sqlite');
    const server = await startServerProcess({
      SQLITE_PATH: sqlitePath,
      WEB_DIST: webDist,
      LOG_LEVEL: 'info',
      // Every browser test signs in from 127.0.0.1; the critical per-IP limit is tested on the server side.
      CRITICAL_RATE_LIMIT: '100000',
    });
    return {
      baseUrl: server.url,
      sqlitePath,
      call: (path, init) => fetch(`${server.url}${path}`, init),
      output: server.output,
      async stop() {
        await server.stop();
        await rm(dataFolder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataFolder, { recursive: true, force: true });
    throw error;
  }
}

/** The console API as root, signed in through the real login call. */
export async function rootClient(server: RunningServer): Promise<ConsoleClient> {
  return consoleClient(server, await signIn(server, 'root', '123456'));
}

/** Root adds a user who signs in with `password`; the server must accept it. */
export async function addUser(asRoot: ConsoleClient, username: string, password: string): Promise<void> {
  expect(await asRoot('POST', '/user/', { username, password }), username).toMatchObject({ success: true });
}
