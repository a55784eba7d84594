import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { createPool as createMysqlPool } from 'mysql2';
import pg from 'pg';
import type { DatabaseKind } from '../config';
import type { Tables } from './tables/index';

export interface Database {
  db: Kysely<Tables>;
  kind: DatabaseKind;
  /** The better-sqlite3 connection under Kysely (SQLite only), for prepared hot-path statements. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/**
 * What a repository reads and writes through: the database's queries, or a transaction's (see
 * `inTransaction`), and the database's kind.
 */
export type Queries = Pick<Database, 'db' | 'kind'>;

/** `database` seen through `transaction`: a repository built on it reads and writes inside that transaction. */
export function inTransaction(database: Queries, transaction: Kysely<Tables>): Queries {
  return { db: transaction, kind: database.kind };
}

export interface DatabaseSettings {
  kind: DatabaseKind;
  sqlitePath?: string;
  dsn?: string;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`integer out of safe range: ${text}`);
  return value;
}

/** Opens the database chosen by the configuration (SQLite unless SQL_DSN is set). */
export function openDatabase(settings: DatabaseSettings): Database {
  if (settings.kind === 'sqlite') {
    const path = settings.sqlitePath ?? './data/switchboard.db';
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 30000');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, kind: 'sqlite', sqlite, close: () => db.destroy() };
  }
  if (!settings.dsn) throw new Error('SQL_DSN is required for PostgreSQL and MySQL');
  if (settings.kind === 'postgres') {
    pg.types.setTypeParser(PG_INT8, parseSafeInteger);
    pg.types.setTypeParser(PG_NUMERIC, (text) => Number(text));
    const pool = new pg.Pool({ connectionString: settings.dsn, max: 20 });
    // A connection cut by the server (restart, failover) must not crash the process: the pool reports
    // idle ones here, and a checked-out one also emits 'error' besides failing its query.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pool = createMysqlPool({
    uri: settings.dsn,
    connectionLimit: 20,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    charset: 'utf8mb4',
  });
  const db = new Kysely<Tables>({ dialect: new MysqlDialect({ pool }) });
  return { db, kind: 'mysql', close: () => db.destroy() };
}
