import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../config';
import { availableDatabaseKinds, migratedDatabaseForTests } from '../testing/test-databases';

/**
 * The schema a fresh database has after every migration, dumped canonically (sorted, without names the
 * database makes up per run) and compared with the committed snapshot of its dialect, so a change to how
 * migrations are written cannot change what they create.
 */
const kinds = await availableDatabaseKinds();

type Rows = Array<Record<string, unknown>>;
const rows = async (db: Kysely<any>, query: ReturnType<typeof sql>): Promise<Rows> =>
  (await query.execute(db)).rows as Rows;

async function sqliteSchema(db: Kysely<any>) {
  const objects = await rows(
    db,
    sql`select type, name, tbl_name, sql from sqlite_master
        where name not like 'kysely_%' and name not like 'sqlite_%' order by type, name`,
  );
  const tables = objects.filter((object) => object.type === 'table').map((object) => String(object.name));
  const columns: Record<string, Rows> = {};
  const indexes: Record<string, Rows> = {};
  for (const table of tables) {
    columns[table] = await rows(db, sql`select * from pragma_table_info(${table}) order by cid`);
    const list = await rows(db, sql`select name, "unique", origin, partial from pragma_index_list(${table})`);
    indexes[table] = [];
    for (const index of list.sort((a, b) => String(a.name).localeCompare(String(b.name)))) {
      const indexed = await rows(db, sql`select seqno, name from pragma_index_info(${index.name}) order by seqno`);
      // Automatic indexes of UNIQUE and PRIMARY KEY constraints are numbered per table; keep only their shape.
      const name = String(index.name).startsWith('sqlite_autoindex_') ? 'sqlite_autoindex' : index.name;
      indexes[table].push({ ...index, name, columns: indexed.map((column) => column.name).join(',') });
    }
  }
  return { objects, columns, indexes };
}

async function postgresSchema(db: Kysely<any>) {
  const columns = await rows(
    db,
    sql`select table_name, column_name, ordinal_position, data_type, character_maximum_length, numeric_precision,
          is_nullable, column_default, is_identity, identity_generation
        from information_schema.columns where table_schema = 'public' and table_name not like 'kysely_%'
        order by table_name, ordinal_position`,
  );
  const indexes = await rows(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename not like 'kysely_%' order by tablename, indexname`,
  );
  const constraints = await rows(
    db,
    sql`select c.table_name, c.constraint_name, c.constraint_type,
          string_agg(k.column_name, ',' order by k.ordinal_position) as columns
        from information_schema.table_constraints c
        join information_schema.key_column_usage k
          on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
        where c.table_schema = 'public' and c.table_name not like 'kysely_%'
        group by c.table_name, c.constraint_name, c.constraint_type
        order by c.table_name, c.constraint_name`,
  );
  return { columns, indexes, constraints };
}

async function mysqlSchema(db: Kysely<any>) {
  const tables = await rows(
    db,
    sql`select table_name as name, engine, table_collation from information_schema.tables
        where table_schema = database() and table_name not like 'kysely_%' order by table_name`,
  );
  const columns = await rows(
    db,
    sql`select table_name, column_name, ordinal_position, column_type, is_nullable, column_default, extra,
          character_set_name, collation_name
        from information_schema.columns where table_schema = database() and table_name not like 'kysely_%'
        order by table_name, ordinal_position`,
  );
  const indexes = await rows(
    db,
    sql`select table_name, index_name, non_unique, seq_in_index, column_name, sub_part
        from information_schema.statistics where table_schema = database() and table_name not like 'kysely_%'
        order by table_name, index_name, seq_in_index`,
  );
  return { tables, columns, indexes };
}

const dumps: Record<DatabaseKind, (db: Kysely<any>) => Promise<unknown>> = {
  sqlite: sqliteSchema,
  postgres: postgresSchema,
  mysql: mysqlSchema,
};

describe.each(kinds)('the schema every migration leaves on %s', (kind) => {
  const store = migratedDatabaseForTests(kind);

  it('is the committed snapshot, and records the same migration names', async () => {
    const db = store.database.db as Kysely<any>;
    const migrations = await rows(db, sql`select name from kysely_migration order by name`);
    const schema = { migrations: migrations.map((row) => row.name), ...((await dumps[kind](db)) as object) };
    await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(`./schema/${kind}.snapshot.json`);
  });
});
