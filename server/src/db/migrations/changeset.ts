import type { ColumnDataType, ColumnDefinitionBuilder, Expression, Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, longText, shortText, tableOptions } from '../dialect';

/**
 * A migration's tables, columns and indexes, declared as data (the `NNN-name.json` next to this file) and
 * turned into schema statements here, the one place that knows how each dialect spells them.
 *
 * A column is written like SQL, in this order: `<type>[ primary key][ not null][ unique][ default <value>]`,
 * the value a number or a quoted string. Types are SQL's, plus the ones that differ per dialect:
 * `identity` (the auto-increment primary key, written alone), `id` (a column holding one), `long text` and `short text`.
 */
const COLUMN =
  /^(?<type>identity$|id|long text|short text|text|bigint|integer|smallint|double precision|(?:var)?char\(\d+\))(?<primaryKey> primary key)?(?<notNull> not null)?(?<unique> unique)?(?: default (?<value>-?\d+|'[^']*'))?$/;

const columnsSchema = z.record(
  z.string(),
  z.string().regex(COLUMN, 'not a column: <type>[ primary key][ not null][ unique][ default <value>]'),
);
const tableSchema = z
  .object({
    columns: columnsSchema,
    primaryKey: z.object({ name: z.string(), columns: z.array(z.string()) }).optional(),
  })
  .strict();
const indexSchema = z
  .object({ on: z.string(), columns: z.array(z.string()).min(1), unique: z.literal(true).optional() })
  .strict();

const changesetSchema = z
  .object({
    /** Why the migration exists, where its names alone do not say. */
    about: z.string().optional(),
    createTables: z.record(z.string(), tableSchema).default({}),
    addColumns: z.record(z.string(), columnsSchema).default({}),
    createIndexes: z.record(z.string(), indexSchema).default({}),
  })
  .strict();

export type Changeset = z.infer<typeof changesetSchema>;

/** The changeset read from its JSON; throws, naming the field, when it is not one. */
export const parseChangeset = (json: unknown): Changeset => changesetSchema.parse(json);

type DataType = ColumnDataType | Expression<unknown>;

const DIALECT_TYPES: Record<string, (kind: DatabaseKind) => DataType> = {
  identity: idType,
  id: idType,
  'long text': longText,
  'short text': shortText,
};

/** The column's type and constraints, as the builder calls of its dialect. */
function columnOf(kind: DatabaseKind, written: string) {
  const parts = COLUMN.exec(written)?.groups ?? {};
  const type = parts.type ?? '';
  const dataType = DIALECT_TYPES[type]?.(kind) ?? (type as ColumnDataType);
  const value = parts.value;
  const constrain = (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder => {
    if (type === 'identity') return idColumn(kind)(column);
    let built = column;
    if (parts.primaryKey) built = built.primaryKey();
    if (parts.notNull) built = built.notNull();
    if (parts.unique) built = built.unique();
    if (value !== undefined) built = built.defaultTo(value.startsWith("'") ? value.slice(1, -1) : Number(value));
    return built;
  };
  return [dataType, constrain] as const;
}

/** Runs the changeset: its tables first, then the columns it adds to earlier tables, then its indexes. */
export async function applyChangeset(db: Kysely<any>, kind: DatabaseKind, changeset: Changeset): Promise<void> {
  const { createTables, addColumns, createIndexes } = changeset;
  for (const [table, { columns, primaryKey }] of Object.entries(createTables)) {
    let create = db.schema.createTable(table);
    for (const [name, written] of Object.entries(columns)) create = create.addColumn(name, ...columnOf(kind, written));
    if (primaryKey) create = create.addPrimaryKeyConstraint(primaryKey.name, primaryKey.columns as never);
    await create.modifyEnd(tableOptions(kind)).execute();
  }
  for (const [table, columns] of Object.entries(addColumns)) {
    for (const [name, written] of Object.entries(columns)) {
      await db.schema
        .alterTable(table)
        .addColumn(name, ...columnOf(kind, written))
        .execute();
    }
  }
  for (const [name, { on, columns, unique }] of Object.entries(createIndexes)) {
    const index = db.schema.createIndex(name).on(on).columns(columns);
    await (unique ? index.unique() : index).execute();
  }
}
