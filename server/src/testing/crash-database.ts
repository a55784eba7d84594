import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { consoleClient, type ConsoleClient } from './console-client';
import { startServerProcess, type ServerProcess } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-databases';
import { signIn } from './test-server';

/** Every database kind in one process, and the first also as a cluster (a worker's journal, its primary's recovery). */
export function crashCases(kinds: DatabaseKind[]): Array<{ kind: DatabaseKind; workers: string }> {
  return [...kinds.map((kind) => ({ kind, workers: '1' })), { kind: kinds[0] ?? 'sqlite', workers: '2' }];
}

/**
 * The built server on a fresh database of one kind with a settlement journal, for a test that
 * SIGKILLs and restarts it, for the enclosing describe; `database` reads what the server wrote.
 * Everything is killed and removed after the describe.
 */
export function crashDatabaseSandbox(name: string) {
  const folder = mkdtempSync(join(tmpdir(), `switchboard-${name}-`));
  let testDatabase: TestDatabase | null = null;
  let environment: Record<string, string> = {};
  const sandbox = {
    database: null as Database | null,
    server: null as ServerProcess | null,

    /** Creates the database and starts the server on it. */
    async start(kind: DatabaseKind, workers: string): Promise<{ database: Database; server: ServerProcess }> {
      testDatabase = await createTestDatabase(kind);
      environment = {
        JOURNAL_DIR: join(folder, 'journal'),
        WORKERS: workers,
        ...(testDatabase.dsn
          ? { SQL_DSN: testDatabase.dsn, SESSION_SECRET: `${name}-crash-test-secret-0123456789` }
          : { SQLITE_PATH: testDatabase.sqlitePath }),
      };
      const server = await startServerProcess(environment);
      const database = openDatabase(testDatabase.settings);
      Object.assign(sandbox, { server, database });
      return { database, server };
    },

    /** Starts the server again on the same database and journal (after a kill). */
    async restart(): Promise<ServerProcess> {
      sandbox.server = await startServerProcess(environment);
      return sandbox.server;
    },

    /** The graceful stop: everything pending reaches the database. */
    async stop(): Promise<void> {
      expect(await sandbox.server?.stop()).toBe(0);
      sandbox.server = null;
    },
  };
  afterAll(async () => {
    await sandbox.server?.kill();
    await sandbox.database?.close();
    await testDatabase?.drop();
    rmSync(folder, { recursive: true, force: true });
  });
  return sandbox;
}

/** The root's console client on a running server process. */
export async function rootOfProcess(running: Pick<ServerProcess, 'url'>): Promise<ConsoleClient> {
  const caller = { call: (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init) };
  return consoleClient(caller, await signIn(caller, 'root', '123456'));
}
