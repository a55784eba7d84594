import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseKind } from '../config';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type DatabaseSettings } from '../db/database';
import { migrateToLatest } from '../db/migrate';

export const POSTGRES_ADMIN_DSN = process.env.TEST_POSTGRES_DSN ?? 'postgres://postgres@127.0.0.1:5432/test';
export const MYSQL_ADMIN_DSN = process.env.TEST_MYSQL_DSN ?? 'mysql://root@127.0.0.1:3306/test';

export interface TestDatabase {
  settings: DatabaseSettings;
  /** The DSN (or SQLite path) a server configuration would use. */
  dsn: string | undefined;
  sqlitePath: string;
  drop(): Promise<void>;
}

const POSTGRES_SERVER = {
  adminDsn: POSTGRES_ADMIN_DSN,
  create: (name: string) => `CREATE DATABASE ${name}`,
  drop: (name: string) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
};
const MYSQL_SERVER = {
  adminDsn: MYSQL_ADMIN_DSN,
  create: (name: string) => `CREATE DATABASE ${name} CHARACTER SET utf8mb4`,
  drop: (name: string) => `DROP DATABASE IF EXISTS ${name}`,
};

/** Runs one statement on the database server's administrative database, over a connection of its own. */
async function runAsAdministrator(kind: 'postgres' | 'mysql', statement: string): Promise<void> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_DSN });
    await client.connect();
    await client.query(statement);
    await client.end();
    return;
  }
  const connection = await createConnection({ uri: MYSQL_ADMIN_DSN });
  await connection.query(statement);
  await connection.end();
}

async function reachable(kind: DatabaseKind): Promise<boolean> {
  try {
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_DSN, connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.end();
    } else if (kind === 'mysql') {
      const connection = await createConnection({ uri: MYSQL_ADMIN_DSN, connectTimeout: 2000 });
      await connection.end();
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The databases the store suites run on: SQLite always, PostgreSQL and MariaDB when they answer.
 * With CI=true a missing server is an error, never a skip.
 */
export async function availableDatabaseKinds(): Promise<DatabaseKind[]> {
  const kinds: DatabaseKind[] = ['sqlite'];
  for (const kind of ['postgres', 'mysql'] as const) {
    if (await reachable(kind)) kinds.push(kind);
    else if (process.env.CI === 'true') throw new Error(`${kind} is not reachable on 127.0.0.1, and CI requires it`);
    else console.warn(`store suite: ${kind} not reachable, running without it (CI would fail)`);
  }
  return kinds;
}

/** A fresh, empty database of the given kind; `drop()` removes it. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  if (kind === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'switchboard-'));
    const sqlitePath = join(directory, 'test.db');
    return {
      settings: { kind, sqlitePath },
      dsn: undefined,
      sqlitePath,
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const server = kind === 'postgres' ? POSTGRES_SERVER : MYSQL_SERVER;
  await runAsAdministrator(kind, server.create(name));
  const dsn = server.adminDsn.replace(/\/[^/]*$/, `/${name}`);
  return {
    settings: { kind, dsn },
    dsn,
    sqlitePath: '',
    drop: () => runAsAdministrator(kind, server.drop(name)),
  };
}

/**
 * A fresh database of the kind, migrated and open, for the calling file or describe block: made before
 * its tests (and its later hooks), closed and dropped after them. Its fields are there once the tests run.
 */
export function migratedDatabaseForTests(kind: DatabaseKind): { testDatabase: TestDatabase; database: Database } {
  const store = {} as { testDatabase: TestDatabase; database: Database };
  beforeAll(async () => {
    store.testDatabase = await createTestDatabase(kind);
    store.database = openDatabase(store.testDatabase.settings);
    await migrateToLatest(store.database);
  });
  afterAll(async () => {
    await store.database?.close();
    await store.testDatabase?.drop();
  });
  return store;
}
