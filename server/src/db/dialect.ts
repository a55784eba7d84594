import {
  sql,
  type ColumnDefinitionBuilder,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DatabaseKind } from '../config';

/*
 * Every difference between SQLite, PostgreSQL and MySQL/MariaDB lives in this file.
 * Conventions that avoid most branches: timestamps are bigint unix seconds, booleans are
 * small integers 0/1 on all three, JSON is text parsed with zod, money is an integer.
 */

/** Column type of an auto-increment primary key (SQLite demands `integer`). */
export const idType = (kind: DatabaseKind) => (kind === 'sqlite' ? 'integer' : 'bigint');

/** Makes the column an auto-increment primary key on every dialect. */
export function idColumn(kind: DatabaseKind) {
  return (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    kind === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/** Text column type for long values (MySQL TEXT cannot carry a default or a plain index). */
export const longText = (kind: DatabaseKind) => (kind === 'mysql' ? sql`mediumtext` : sql`text`);

/** Converts what a driver returns for bigint or sum() (number, string or bigint) into a safe number. */
export function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || (Number.isInteger(number) && !Number.isSafeInteger(number)))
    throw new RangeError(`not a number: ${String(value)}`);
  return number;
}

/** The row with each of the columns read through `toNumber`, once, at the repository's boundary. */
export function withNumbers<Row extends object>(row: Row, columns: readonly (keyof Row)[]): Row {
  const read: Row = { ...row };
  for (const column of columns) (read as Record<keyof Row, unknown>)[column] = toNumber(row[column]);
  return read;
}

/** Reads a 0/1 (or true/false) column as a boolean. */
export const toBoolean = (value: unknown): boolean => value === true || value === 1 || value === '1';

/** Writes a boolean into a 0/1 column. */
export const fromBoolean = (value: boolean): number => (value ? 1 : 0);

/**
 * Inserts a row and returns its id: `RETURNING` where supported, `insertId` on MySQL
 * (MySQL 8 has no RETURNING, so MariaDB tests must not hide its absence).
 */
export async function insertReturningId<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  kind: DatabaseKind,
  table: T,
  values: Insertable<DB[T]>,
): Promise<number> {
  // Kysely cannot type a generic table name; the call sites are typed.
  const query = (db as Kysely<any>).insertInto(table).values(values as any);
  if (kind === 'mysql') {
    const result = await query.executeTakeFirstOrThrow();
    return toNumber(result.insertId);
  }
  const row = await query.returning('id').executeTakeFirstOrThrow();
  return toNumber(row.id);
}

/** Insert, or update the given columns when the key already exists. */
export async function upsert<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  kind: DatabaseKind,
  table: T,
  values: Insertable<DB[T]>,
  conflictColumns: string[],
  update: Updateable<DB[T]>,
): Promise<void> {
  const query = (db as Kysely<any>).insertInto(table).values(values as any);
  if (kind === 'mysql') {
    await query.onDuplicateKeyUpdate(update as any).execute();
  } else {
    await query.onConflict((conflict) => conflict.columns(conflictColumns as any).doUpdateSet(update as any)).execute();
  }
}

/** Text column type for short values that need a default (MySQL TEXT cannot carry one). */
export const shortText = (kind: DatabaseKind) => (kind === 'mysql' ? 'varchar(2048)' : 'text');

/**
 * Table options appended to CREATE TABLE: on MySQL, utf8mb4 with a binary collation, so text compares
 * exactly as on SQLite and PostgreSQL whatever the server's default collation is.
 */
export const tableOptions = (kind: DatabaseKind) =>
  kind === 'mysql' ? sql`character set utf8mb4 collate utf8mb4_bin` : sql``;

/** `column` contains `needle`, ignoring case, on every dialect (LIKE wildcards in the needle are literal). */
export function containsIgnoringCase(kind: DatabaseKind, column: string, needle: string): Expression<SqlBool> {
  const pattern = `%${needle.toLowerCase().replace(/[!%_]/g, (character) => `!${character}`)}%`;
  const reference = sql.ref(column);
  return kind === 'postgres'
    ? sql<SqlBool>`${reference} ilike ${pattern} escape '!'`
    : sql<SqlBool>`lower(${reference}) like ${pattern} escape '!'`;
}

/** Current unix time in seconds, the unit of every timestamp column. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export { sql };

/**
 * Inserts rows, or adds their `additive` columns onto an existing row with the same unique key:
 * counters several instances may bump at once.
 */
export async function insertOrAdd<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  kind: DatabaseKind,
  table: T,
  rows: Array<Insertable<DB[T]>>,
  conflictColumns: string[],
  additive: string[],
): Promise<void> {
  if (rows.length === 0) return;
  const query = (db as Kysely<any>).insertInto(table).values(rows as any);
  if (kind === 'mysql') {
    const set = Object.fromEntries(
      additive.map((column) => [column, sql`${sql.ref(column)} + values(${sql.ref(column)})`]),
    );
    await query.onDuplicateKeyUpdate(set as any).execute();
    return;
  }
  const set = Object.fromEntries(
    additive.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`]),
  );
  await query.onConflict((conflict) => conflict.columns(conflictColumns as any).doUpdateSet(set as any)).execute();
}

/** Error codes meaning the database is busy or out of reach for now, whatever the rows were. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
]);
/** SQLite primary result codes of the same kind (extended codes such as SQLITE_BUSY_SNAPSHOT share the prefix). */
const TRANSIENT_SQLITE = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_NOMEM',
];
/** node-postgres reports a lost connection without a code. */
const TRANSIENT_MESSAGES = /^Connection terminated|not queryable|timeout exceeded when trying to connect/;
/** PostgreSQL SQLSTATE classes: connection, transaction rollback, resources, operator intervention, system. */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '40', '53', '57', '58']);

/**
 * Whether a failed statement may succeed unchanged later (lock, outage, full disk), as opposed to
 * a row the database refuses (too long, wrong type, constraint). Unknown errors answer false.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error instanceof Error && TRANSIENT_MESSAGES.test(error.message);
  if (TRANSIENT_CODES.has(code)) return true;
  if (TRANSIENT_SQLITE.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return true;
  return /^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2));
}

/** Whether the database answers a trivial query now. */
export async function databaseAnswers<DB>(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Inserts rows, or overwrites every other column of an existing row with the same key: copies that
 * may run twice (an import) end with the same rows.
 */
export async function upsertRows<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  kind: DatabaseKind,
  table: T,
  rows: Array<Insertable<DB[T]>>,
  conflictColumns: string[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).filter((column) => !conflictColumns.includes(column));
  const query = (db as Kysely<any>).insertInto(table).values(rows as any);
  if (kind === 'mysql') {
    const set = Object.fromEntries(columns.map((column) => [column, sql`values(${sql.ref(column)})`]));
    await query.onDuplicateKeyUpdate(set as any).execute();
    return;
  }
  const set = Object.fromEntries(columns.map((column) => [column, sql.ref(`excluded.${column}`)]));
  await query.onConflict((conflict) => conflict.columns(conflictColumns as any).doUpdateSet(set as any)).execute();
}

/**
 * After rows were written with explicit ids, moves PostgreSQL's identity sequence past the largest id
 * (SQLite and MySQL follow explicit ids by themselves).
 */
export async function realignIdSequence<DB>(db: Kysely<DB>, kind: DatabaseKind, table: string): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.table(table)}), 1))`.execute(
    db,
  );
}
