import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/database';
import { insertOrAdd } from '../db/dialect';
import type { Tables } from '../db/tables';
import { advanceMark, sqliteMarkAdvancer, type JournalLink } from './journal-marks';
import type { LogsTable, QuotaDataTable } from '../db/tables/logs';

export type LogEntry = Insertable<LogsTable>;
export type UsageBucket = Insertable<QuotaDataTable>;

const MAX_ROWS_PER_INSERT = 500;

/** Every column of `logs` but the id, in the order of the prepared statement's parameters. */
export const LOG_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'token_id',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'channel_name',
  'group',
  'ip',
  'request_id',
  'other',
] as const satisfies ReadonlyArray<keyof LogEntry>;

/**
 * The row's values in LOG_COLUMNS order, with the column defaults where the entry leaves a column out.
 * Written out column by column: a loop over the column names reads the entry megamorphically, several
 * times slower on the request path. Every row names every column: in a multi-row insert SQLite writes
 * NULL, not the column default, where one row leaves out a column that another sets.
 */
export function logRowValues(row: LogEntry): unknown[] {
  return [
    row.user_id,
    row.created_at,
    row.type,
    row.content ?? null,
    row.username ?? '',
    row.token_name ?? '',
    row.token_id ?? 0,
    row.model_name ?? '',
    row.quota ?? 0,
    row.prompt_tokens ?? 0,
    row.completion_tokens ?? 0,
    row.use_time ?? 0,
    row.is_stream ?? 0,
    row.channel_id ?? 0,
    row.channel_name ?? '',
    row.group ?? '',
    row.ip ?? '',
    row.request_id ?? '',
    row.other ?? null,
  ];
}

/** The entry whose values (in LOG_COLUMNS order) these are. */
export function logRowOf(values: readonly unknown[]): LogEntry {
  const row: Record<string, unknown> = {};
  LOG_COLUMNS.forEach((column, index) => {
    row[column] = values[index];
  });
  return row as LogEntry;
}

const completeRow = (row: LogEntry): LogEntry => logRowOf(logRowValues(row));

/**
 * Writes a batch of log rows in one transaction; throws (and writes nothing) when any row fails.
 * With a journal link, the same transaction advances the `logs` mark to `lastSeq`.
 */
export type LogInserter = (rows: LogEntry[], lastSeq?: number) => Promise<void>;

/** Multi-row inserts through Kysely: PostgreSQL and MySQL. */
export function kyselyLogInserter(db: Kysely<Tables>, link: JournalLink | null = null): LogInserter {
  return (rows, lastSeq = 0) =>
    db.transaction().execute(async (transaction) => {
      for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
        await transaction
          .insertInto('logs')
          .values(rows.slice(start, start + MAX_ROWS_PER_INSERT).map(completeRow))
          .execute();
      }
      if (link) await advanceMark(transaction, link, 'logs', lastSeq);
    });
}

/**
 * SQLite: one cached prepared single-row statement run inside a better-sqlite3 transaction, about half
 * the CPU of Kysely's multi-row insert. It runs while holding Kysely's connection, so it can never
 * land inside a Kysely transaction that is open on the same handle.
 */
export function sqliteLogInserter(
  db: Kysely<Tables>,
  handle: SqliteHandle,
  link: JournalLink | null = null,
): LogInserter {
  let insertAll: ((rows: LogEntry[], lastSeq: number) => void) | null = null;
  const prepare = () => {
    const columns = LOG_COLUMNS.map((column) => `"${column}"`).join(', ');
    const statement: Statement<unknown[]> = handle.prepare(
      `insert into "logs" (${columns}) values (${LOG_COLUMNS.map(() => '?').join(', ')})`,
    );
    const advance = link ? sqliteMarkAdvancer(handle, link, 'logs') : () => undefined;
    return handle.transaction((rows: LogEntry[], lastSeq: number) => {
      for (const row of rows) statement.run(logRowValues(row));
      advance(lastSeq);
    });
  };
  return (rows, lastSeq = 0) =>
    db.connection().execute(async () => {
      insertAll ??= prepare();
      insertAll(rows, lastSeq);
    });
}

/** The fastest inserter the database offers. */
export function logInserterFor(database: Database, link: JournalLink | null = null): LogInserter {
  return database.sqlite ? sqliteLogInserter(database.db, database.sqlite, link) : kyselyLogInserter(database.db, link);
}

/** Adds usage buckets onto the stored ones in one transaction (advancing the `usage` mark to `lastSeq`). */
export function insertUsageBuckets(
  database: Database,
  buckets: UsageBucket[],
  link: JournalLink | null = null,
  lastSeq = 0,
): Promise<void> {
  return database.db.transaction().execute(async (transaction) => {
    await insertOrAdd(
      transaction,
      database.kind,
      'quota_data',
      buckets,
      ['user_id', 'model_name', 'created_at'],
      ['count', 'token_used', 'quota'],
    );
    if (link) await advanceMark(transaction, link, 'usage', lastSeq);
  });
}
