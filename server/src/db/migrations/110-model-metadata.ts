import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, longText, tableOptions } from '../dialect';

/**
 * `vendors`, `models` and `prefill_groups` (issue 37): model and vendor metadata the console shows
 * and edits, and the saved lists editors insert in one click. Names are unique; rows are deleted hard.
 */
export function modelMetadataTables(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('vendors')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('name', 'varchar(128)', (column) => column.notNull().unique())
        .addColumn('description', longText(kind), (column) => column.notNull())
        .addColumn('icon', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('created_time', 'bigint', (column) => column.notNull())
        .addColumn('updated_time', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createTable('models')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('model_name', 'varchar(128)', (column) => column.notNull().unique())
        .addColumn('description', longText(kind), (column) => column.notNull())
        .addColumn('icon', 'varchar(128)', (column) => column.notNull().defaultTo(''))
        .addColumn('tags', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('vendor_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('endpoints', longText(kind), (column) => column.notNull())
        .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('sync_official', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('name_rule', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_time', 'bigint', (column) => column.notNull())
        .addColumn('updated_time', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_models_vendor_id').on('models').column('vendor_id').execute();
      await db.schema
        .createTable('prefill_groups')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('name', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('type', 'varchar(32)', (column) => column.notNull())
        .addColumn('items', longText(kind), (column) => column.notNull())
        .addColumn('description', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('created_time', 'bigint', (column) => column.notNull())
        .addColumn('updated_time', 'bigint', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
    },
  };
}
