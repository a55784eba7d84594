import type { Kysely, Selectable } from 'kysely';
import type { Tables } from '../db/tables';

type Row<T extends keyof Tables> = Selectable<Tables[T]>;
type LooseDatabase = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The named columns of the one row of `table` whose column equals the value in `where` (one entry, e.g.
 * `{ id: 5 }`); throws when there is no such row.
 */
export async function storedRow<T extends keyof Tables, C extends keyof Row<T> & string>(
  db: Kysely<Tables>,
  table: T,
  where: Partial<Row<T>>,
  columns: readonly C[],
): Promise<Pick<Row<T>, C>> {
  const [[key, value]] = Object.entries(where) as [[string, unknown]];
  const row = await (db as unknown as LooseDatabase)
    .selectFrom(table as string)
    .select(columns as readonly string[])
    .where(key, '=', value)
    .executeTakeFirstOrThrow();
  return row as Pick<Row<T>, C>;
}

/** One column of the one row of `table` that `where` picks (see storedRow). */
export async function storedValue<T extends keyof Tables, C extends keyof Row<T> & string>(
  db: Kysely<Tables>,
  table: T,
  where: Partial<Row<T>>,
  column: C,
): Promise<Row<T>[C]> {
  return (await storedRow(db, table, where, [column]))[column];
}
