import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import type { DatabaseKind } from '../config';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { startedForTests } from './started-for-tests';
import { availableDatabaseKinds, createTestDatabase, type TestDatabase } from './test-databases';

export interface TestServer extends RunningServer {
  database: TestDatabase;
  /** fetch against the server with a path: `call('/api/status')` */
  call(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  databaseKind?: DatabaseKind;
  /** another server's database (several instances); it is dropped by its owner, not by this server */
  sharedDatabase?: TestDatabase;
  environment?: Record<string, string>;
}

/** A real server on 127.0.0.1 and a free port, over a fresh database; `stop()` removes both. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.sharedDatabase ?? (await createTestDatabase(options.databaseKind ?? 'sqlite'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Tests sign in from one address many times; tests of the critical limit set their own.
    CRITICAL_RATE_LIMIT: '100000',
    SQLITE_PATH: database.sqlitePath || './unused.db',
    ...(database.dsn ? { SQL_DSN: database.dsn, SESSION_SECRET: 'test-session-secret-0123456789' } : {}),
    ...options.environment,
  });
  const journalDirectory = options.environment?.JOURNAL_DIR
    ? null
    : mkdtempSync(join(tmpdir(), 'switchboard-journal-'));
  if (journalDirectory) config.JOURNAL_DIR = journalDirectory;
  const server = await startServer(config, { version: 'test', webDist: null });
  return {
    ...server,
    database,
    call: (path, init) => fetch(`${server.url}${path}`, init),
    async stop() {
      await server.close();
      if (journalDirectory) rmSync(journalDirectory, { recursive: true, force: true });
      if (!options.sharedDatabase) await database.drop();
    },
  };
}

/**
 * A test server for the calling file or describe block: started before its tests, stopped after them.
 * Its fields are there once the tests (or later hooks) run.
 */
export function serverForTests(options: TestServerOptions = {}): TestServer {
  return startedForTests(
    () => startTestServer(options),
    (server) => server.stop(),
  );
}

/**
 * The suite once for each database this machine offers, titled with its kind (`'logs on %s'`), each run
 * with its own test server (as `serverForTests`, with `environment` when given) over a fresh database of that kind.
 */
export async function describeOnEachDatabase(
  title: string,
  suite: (server: TestServer, kind: DatabaseKind) => void,
  { environment }: Pick<TestServerOptions, 'environment'> = {},
): Promise<void> {
  const kinds = await availableDatabaseKinds();
  describe.each(kinds)(title, (kind) => suite(serverForTests({ databaseKind: kind, environment }), kind));
}

/** Signs in through the real login call and returns the headers a console client would send. */
export async function signIn(
  server: Pick<TestServer, 'call'>,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  const response = await server.call('/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { success: boolean; message: string; data?: { id: number } };
  if (!body.success || !body.data) throw new Error(`sign-in of ${username} failed: ${body.message}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, 'New-Api-User': String(body.data.id) };
}
