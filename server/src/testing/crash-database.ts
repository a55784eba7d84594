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

/** Calls answered before each SIGKILL of `killUnderLoad`. */
export const ANSWERS_BEFORE_KILL = 30;

/** Clients calling a server at once, each until a call is refused or unanswered (the server was killed). */
export interface CallLoad {
  answered(): number;
  finished: Promise<unknown>;
}

/** `clients` callers, each repeating `call(client, serial)` until it answers false or throws. */
export function callsUntilRefused(
  clients: number,
  call: (client: number, serial: number) => Promise<boolean>,
): CallLoad {
  let answered = 0;
  const client = async (index: number) => {
    for (let serial = 0; ; serial += 1) {
      if (!(await call(index, serial).catch(() => false))) return;
      answered += 1;
    }
  };
  return {
    answered: () => answered,
    finished: Promise.all(Array.from({ length: clients }, (_, index) => client(index))),
  };
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

    /** Creates the database and starts the server on it (with `extra` settings in its environment). */
    async start(
      kind: DatabaseKind,
      workers: string,
      extra: Record<string, string> = {},
    ): Promise<{ database: Database; server: ServerProcess }> {
      testDatabase = await createTestDatabase(kind);
      environment = {
        ...extra,
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

    /**
     * `kills` times: puts `load` on the running server (started again after the first round),
     * SIGKILLs it amid the calls and waits for the load to end; then a start and a graceful stop, so
     * that everything the last run left pending reaches the database.
     */
    async killUnderLoad(
      kills: number,
      load: (server: ServerProcess, round: number) => Promise<CallLoad>,
    ): Promise<void> {
      for (let round = 0; round < kills; round += 1) {
        const server = sandbox.server ?? (await sandbox.restart());
        const running = await load(server, round);
        await expect.poll(running.answered, { timeout: 20_000, interval: 5 }).toBeGreaterThan(ANSWERS_BEFORE_KILL);
        await server.kill();
        sandbox.server = null;
        await running.finished;
      }
      await sandbox.restart();
      await sandbox.stop();
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

const callerOf = (running: Pick<ServerProcess, 'url'>) => ({
  call: (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init),
});

/** The root's console client on a running server process. */
export async function rootOfProcess(running: Pick<ServerProcess, 'url'>): Promise<ConsoleClient> {
  const caller = callerOf(running);
  return consoleClient(caller, await signIn(caller, 'root', '123456'));
}

/** A signed-out visitor's console client on a running server process. */
export function visitorOfProcess(running: Pick<ServerProcess, 'url'>): ConsoleClient {
  return consoleClient(callerOf(running), {});
}
