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

/** What an optional column holds when an entry leaves it out. */
const LOG_COLUMN_DEFAULTS = {
  username: '',
  token_name: '',
  token_id: 0,
  model_name: '',
  quota: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  use_time: 0,
  is_stream: 0,
  channel_id: 0,
  channel_name: '',
  group: '',
  ip: '',
  request_id: '',
} satisfies Partial<LogEntry>;

/** Every column of `logs` but the id, in the order of the prepared statement's parameters. */
const LOG_COLUMNS = ['user_id', 'created_at', 'type', 'content', ...Object.keys(LOG_COLUMN_DEFAULTS), 'other'] as Array<
  keyof LogEntry
>;

/**
 * The value written into a column: the entry's own, else the column default. Defaults are applied here,
 * off the request path (spreading defaults into each entry cost about 10 µs a call on Node 20), and
 * every row names every column: in a multi-row insert SQLite writes NULL, not the column default,
 * where one row leaves out a column that another sets.
 */
const columnValue = (row: LogEntry, column: keyof LogEntry): unknown =>
  row[column] ?? (LOG_COLUMN_DEFAULTS as Partial<LogEntry>)[column] ?? null;

function completeRow(row: LogEntry): LogEntry {
  const complete: Record<string, unknown> = {};
  for (const column of LOG_COLUMNS) complete[column] = columnValue(row, column);
  return complete as LogEntry;
}

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
        await transaction.insertInto('logs').values(rows.slice(start, start + MAX_ROWS_PER_INSERT).map(completeRow)).execute();
      }
      if (link) await advanceMark(transaction, link, 'logs', lastSeq);
    });
}

/**
 * SQLite: one cached prepared single-row statement run inside a better-sqlite3 transaction, about half
 * the CPU of Kysely's multi-row insert. It runs while holding Kysely's connection, so it can never
 * land inside a Kysely transaction that is open on the same handle.
 */
export function sqliteLogInserter(db: Kysely<Tables>, handle: SqliteHandle, link: JournalLink | null = null): LogInserter {
  let insertAll: ((rows: LogEntry[], lastSeq: number) => void) | null = null;
  const prepare = () => {
    const columns = LOG_COLUMNS.map((column) => `"${column}"`).join(', ');
    const statement: Statement<unknown[]> = handle.prepare(
      `insert into "logs" (${columns}) values (${LOG_COLUMNS.map(() => '?').join(', ')})`,
    );
    const advance = link ? sqliteMarkAdvancer(handle, link, 'logs') : () => undefined;
    return handle.transaction((rows: LogEntry[], lastSeq: number) => {
      for (const row of rows) statement.run(LOG_COLUMNS.map((column) => columnValue(row, column)));
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
export function insertUsageBuckets(database: Database, buckets: UsageBucket[], link: JournalLink | null = null, lastSeq = 0): Promise<void> {
  return database.db.transaction().execute(async (transaction) => {
    await insertOrAdd(transaction, database.kind, 'quota_data', buckets, ['user_id', 'model_name', 'created_at'], [
      'count',
      'token_used',
      'quota',
    ]);
    if (link) await advanceMark(transaction, link, 'usage', lastSeq);
  });
}
