import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../config';
import { openDatabase, type Database } from '../db/database';

export interface SourceDatabase {
  kind: DatabaseKind;
  db: Kysely<any>;
  /** Column names of each table present in the source. */
  columns: Map<string, Set<string>>;
  close(): Promise<void>;
}

/** `user:pass@tcp(host:port)/db?params`, the reference's own MySQL SQL_DSN form. */
const GO_MYSQL_DSN = /^(?:([^:@/]*)(?::([^@/]*))?@)?tcp\(([^)]+)\)\/([^?]*)(?:\?(.*))?$/;

/**
 * Where the reference database lives: a `postgres://` or `mysql://` address, the reference's own MySQL form
 * (`root:secret@tcp(localhost:3306)/oneapi`), or the path of its SQLite file (optionally `sqlite://path`).
 */
export function sourceSettings(from: string): { kind: DatabaseKind; dsn?: string; sqlitePath?: string } {
  if (/^postgres(ql)?:\/\//.test(from)) return { kind: 'postgres', dsn: from };
  if (from.startsWith('mysql://')) return { kind: 'mysql', dsn: from };
  const go = GO_MYSQL_DSN.exec(from);
  if (go) {
    const [, user = '', password, host = '', database = '', parameters] = go;
    const credentials = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
    const kept = (parameters ?? '')
      .split('&')
      .filter((pair) => /^(charset|timeout)=/.test(pair))
      .join('&');
    return { kind: 'mysql', dsn: `mysql://${credentials}${host}/${database}${kept ? `?${kept}` : ''}` };
  }
  return { kind: 'sqlite', sqlitePath: from.replace(/^(sqlite|file):(\/\/)?/, '') };
}

/** Opens the reference database and reads which tables and columns it has (they differ between its versions). */
export async function openSource(from: string): Promise<SourceDatabase> {
  const settings = sourceSettings(from);
  if (settings.kind === 'sqlite' && !existsSync(settings.sqlitePath ?? ''))
    throw new Error(`no SQLite file at ${settings.sqlitePath}`);
  const database: Database = openDatabase(settings);
  const db = database.db as unknown as Kysely<any>;
  try {
    const tables = await db.introspection.getTables();
    const columns = new Map(tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
    if (!columns.has('users') || !columns.has('options'))
      throw new Error('the source has no users and options tables: is it a reference database?');
    return { kind: settings.kind, db, columns, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}
