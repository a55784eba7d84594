import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Updateable,
  type UpdateResult,
} from 'kysely';
import type { Database } from './database';
import { insertReturningId, toNumber } from './dialect';
import type { Tables } from './tables/index';

/** A `selectFrom` one table with its `where`s, nothing selected yet. */
type Filtered<T extends keyof Tables> = SelectQueryBuilder<Tables, T, object>;

/** How many rows a filtered query matches. */
export async function countOf<T extends keyof Tables>(filtered: Filtered<T>): Promise<number> {
  const row = await filtered.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return toNumber(row.count);
}

/** Whether a filtered query matches any row. */
export async function anyMatch<T extends keyof Tables>(filtered: Filtered<T>): Promise<boolean> {
  return (
    (await filtered
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** One page of a filtered query's rows, newest (highest id) first. */
export async function newestFirst<T extends keyof Tables>(
  filtered: Filtered<T>,
  offset: number,
  limit: number,
): Promise<Selectable<Tables[T]>[]> {
  const rows = await filtered.selectAll().orderBy(sql.ref('id'), 'desc').limit(limit).offset(offset).execute();
  // Kysely cannot name a generic table's row type; every call site passes one table.
  return rows as unknown as Selectable<Tables[T]>[];
}

/** One page of a filtered query's rows, newest first, with how many rows match in all. */
export async function newestPage<T extends keyof Tables>(
  filtered: Filtered<T>,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: Selectable<Tables[T]>[] }> {
  const [total, rows] = await Promise.all([countOf(filtered), newestFirst(filtered, offset, limit)]);
  return { total, rows };
}

// Kysely cannot type a generic table name; the call sites are typed.

/** One column of the row with this id; undefined when there is no such row. */
export async function valueById<T extends keyof Tables & string, C extends keyof Selectable<Tables[T]> & string>(
  db: Kysely<Tables>,
  table: T,
  id: number,
  column: C,
): Promise<Selectable<Tables[T]>[C] | undefined> {
  const row = await (db as Kysely<any>)
    .selectFrom(table as string)
    .select(column as string)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.[column];
}

/** Sets the values on the row with this id. */
export async function updateById<T extends keyof Tables & string>(
  db: Kysely<Tables>,
  table: T,
  id: number,
  values: Updateable<Tables[T]>,
): Promise<void> {
  await (db as Kysely<any>)
    .updateTable(table as string)
    .set(values as any)
    .where('id', '=', id)
    .execute();
}

/**
 * Runs an UPDATE of one row (picked by a unique key, with the conditions it must still meet); answers
 * whether it changed the row, false when another writer got there first.
 */
export async function updatedOne(update: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  return toNumber((await update.executeTakeFirst()).numUpdatedRows) > 0;
}

/**
 * Sets the values on the row `match` picks (its key, and the values it must still hold); answers
 * whether it changed the row, false when another writer got there first.
 */
export async function updateMatching<T extends keyof Tables & string>(
  db: Kysely<Tables>,
  table: T,
  match: Partial<Selectable<Tables[T]>>,
  values: Updateable<Tables[T]>,
): Promise<boolean> {
  let update = (db as Kysely<any>).updateTable(table as string).set(values as any);
  for (const [column, value] of Object.entries(match)) update = update.where(column, '=', value);
  return updatedOne(update);
}

/** Deletes the row with this id; answers whether there was one. */
export async function deleteById(db: Kysely<Tables>, table: keyof Tables & string, id: number): Promise<boolean> {
  const result = await (db as Kysely<any>).deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return toNumber(result.numDeletedRows) > 0;
}

/** A repository of one table keyed by `id`: its plain writes, and its ids by a unique column. */
export class TableById<T extends keyof Tables & string> {
  constructor(
    protected readonly database: Database,
    private readonly table: T,
  ) {}

  insert(values: Insertable<Tables[T]>): Promise<number> {
    return insertReturningId(this.database.db, this.database.kind, this.table, values);
  }

  update(id: number, values: Updateable<Tables[T]>): Promise<void> {
    return updateById(this.database.db, this.table, id, values);
  }

  remove(id: number): Promise<boolean> {
    return deleteById(this.database.db, this.table, id);
  }

  /** The id of the row whose unique column holds the value. */
  protected async idWhere(column: keyof Tables[T] & string, value: string): Promise<number | undefined> {
    const row = await (this.database.db as Kysely<any>)
      .selectFrom(this.table as string)
      .select('id')
      .where(column as string, '=', value)
      .executeTakeFirst();
    return row ? toNumber(row.id) : undefined;
  }
}
