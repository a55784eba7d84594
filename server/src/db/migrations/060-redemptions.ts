import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/** `redemptions`: spec 001 §3 Redemption; reference notes §10.3. */
export function redemptionsTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('redemptions')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('key', 'char(32)', (column) => column.notNull().unique())
        .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('name', 'varchar(64)', (column) => column.notNull())
        .addColumn('quota', 'bigint', (column) => column.notNull().defaultTo(100))
        .addColumn('created_time', 'bigint', (column) => column.notNull())
        .addColumn('redeemed_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('used_user_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_redemptions_name').on('redemptions').column('name').execute();
    },
  };
}
