import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Insertable } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';
import { nowSeconds } from '../db/dialect';
import type { Tables } from '../db/tables/index';
import { consoleClient, type ConsoleClient } from './console-client';
import { startServerProcess, type ServerProcess } from './server-process';
import { availableDatabaseKinds, createTestDatabase, type TestDatabase } from './test-databases';
import { signIn } from './test-server';

/** The database kind and WORKERS a crash test's server runs with. */
export interface CrashCase {
  kind: DatabaseKind;
  workers: string;
}

/**
 * `run` once per crash case, each in its own describe (`suite`, with the case added) and test (`test`)
 * with its own sandbox: every available database kind in one process, and the first also as a cluster
 * (a worker's journal, its primary's recovery). A run may take five minutes.
 */
export async function testAcrossCrashes(
  suite: string,
  test: string,
  run: (sandbox: CrashDatabaseSandbox) => Promise<void>,
): Promise<void> {
  const kinds = await availableDatabaseKinds();
  const cases: CrashCase[] = [
    ...kinds.map((kind) => ({ kind, workers: '1' })),
    { kind: kinds[0] ?? 'sqlite', workers: '2' },
  ];
  describe.each(cases)(`${suite} (built server on $kind, WORKERS=$workers)`, (crash) => {
    const sandbox = crashDatabaseSandbox(crash);
    it(test, () => run(sandbox), 300_000);
  });
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
function crashDatabaseSandbox({ kind, workers }: CrashCase) {
  const folder = mkdtempSync(join(tmpdir(), `switchboard-crash-${kind}-`));
  let testDatabase: TestDatabase | null = null;
  let environment: Record<string, string> = {};
  const sandbox = {
    database: null as Database | null,
    server: null as ServerProcess | null,

    /** Creates the database and starts the server on it (with `extra` settings in its environment). */
    async start(extra: Record<string, string> = {}): Promise<{ database: Database; server: ServerProcess }> {
      testDatabase = await createTestDatabase(kind);
      environment = {
        ...extra,
        JOURNAL_DIR: join(folder, 'journal'),
        WORKERS: workers,
        ...(testDatabase.dsn
          ? { SQL_DSN: testDatabase.dsn, SESSION_SECRET: 'crash-test-session-secret-0123456789' }
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
     * Up to `kills` times: puts `load` on the running server (started again after the first round),
     * SIGKILLs it amid the calls and waits for the load to end; stops early once `interrupted()` (asked
     * after each kill) is true. Then a start and a graceful stop, so that everything the last run left
     * pending reaches the database. Answers the calls answered and whether a kill interrupted one.
     */
    async killUnderLoad(
      kills: number,
      load: (server: ServerProcess, round: number) => Promise<CallLoad>,
      interrupted: () => Promise<boolean> = async () => false,
    ): Promise<{ answered: number; interrupted: boolean }> {
      let answered = 0;
      let landed = false;
      for (let round = 0; round < kills && !landed; round += 1) {
        const server = sandbox.server ?? (await sandbox.restart());
        const running = await load(server, round);
        await expect.poll(running.answered, { timeout: 20_000, interval: 5 }).toBeGreaterThan(ANSWERS_BEFORE_KILL);
        await server.kill();
        sandbox.server = null;
        await running.finished;
        answered += running.answered();
        landed = await interrupted();
      }
      await sandbox.restart();
      await sandbox.stop();
      return { answered, interrupted: landed };
    },

    /** Prints what the run counted (it varies from run to run), named by its case. */
    report(counts: string): void {
      console.info(`${kind}, WORKERS=${workers}: ${counts}`);
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

export type CrashDatabaseSandbox = ReturnType<typeof crashDatabaseSandbox>;

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

/** Inserts `rows` a few hundred a statement: every database takes that many parameters. */
export async function insertInBatches<T extends keyof Tables & string>(
  database: Database,
  table: T,
  rows: Array<Insertable<Tables[T]>>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 200)
    await database.db
      .insertInto(table)
      .values(rows.slice(start, start + 200) as any)
      .execute();
}

/** A user made straight in the database, signed in by its system access token (no password, no sign-in). */
export interface SeededUser {
  id: number;
  accessToken: string;
}

/** `count` users named `prefix` and a number, each with no quota and an access token. */
export async function seedUsers(database: Database, prefix: string, count: number): Promise<SeededUser[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    username: `${prefix}${index}`,
    password: 'x',
    access_token: randomBytes(16).toString('hex'),
    created_at: nowSeconds(),
  }));
  await insertInBatches(database, 'users', rows);
  const stored = await database.db
    .selectFrom('users')
    .select(['id', 'access_token'])
    .where('username', 'like', `${prefix}%`)
    .execute();
  return stored.map((row) => ({ id: Number(row.id), accessToken: row.access_token ?? '' }));
}

/** A seeded user's console client on a running server process. */
export function userOfProcess(running: Pick<ServerProcess, 'url'>, user: SeededUser): ConsoleClient {
  return consoleClient(callerOf(running), { authorization: user.accessToken, 'new-api-user': String(user.id) });
}
