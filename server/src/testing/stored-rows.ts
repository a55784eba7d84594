import type { Kysely, Selectable } from 'kysely';
import type { Tables } from '../db/tables';

type Row<T extends keyof Tables> = Selectable<Tables[T]>;
type LooseDatabase = Kysely<Record<string, Record<string, unknown>>>;

/** The named columns (every column when none are named) of the rows whose columns equal the values in `where`. */
function select<T extends keyof Tables>(
  db: Kysely<Tables>,
  table: T,
  where: Partial<Row<T>>,
  columns?: readonly string[],
) {
  const from = (db as unknown as LooseDatabase).selectFrom(table as string);
  let query = columns ? from.select(columns) : from.selectAll();
  for (const [key, value] of Object.entries(where)) query = query.where(key, '=', value);
  return query;
}

/** The named columns of every row of `table` whose columns equal the values in `where` (e.g. `{ id: 5 }`). */
export async function storedRows<T extends keyof Tables, C extends keyof Row<T> & string>(
  db: Kysely<Tables>,
  table: T,
  where: Partial<Row<T>>,
  columns: readonly C[],
): Promise<Array<Pick<Row<T>, C>>> {
  return (await select(db, table, where, columns).execute()) as Array<Pick<Row<T>, C>>;
}

/** The named columns of the one row that `where` picks (see storedRows); throws when there is no such row. */
export async function storedRow<T extends keyof Tables, C extends keyof Row<T> & string>(
  db: Kysely<Tables>,
  table: T,
  where: Partial<Row<T>>,
  columns: readonly C[],
): Promise<Pick<Row<T>, C>> {
  return (await select(db, table, where, columns).executeTakeFirstOrThrow()) as Pick<Row<T>, C>;
}

/** Every column of the one row that `where` picks (see storedRows); throws when there is no such row. */
export async function storedWholeRow<T extends keyof Tables>(
  db: Kysely<Tables>,
  table: T,
  where: Partial<Row<T>>,
): Promise<Row<T>> {
  return (await select(db, table, where).executeTakeFirstOrThrow()) as Row<T>;
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
