import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/** `top_ups`: online payments (reference notes §10.2); `trade_no` is the epay out_trade_no. */
export function topUpsTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('top_ups')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', 'bigint', (column) => column.notNull())
        .addColumn('amount', 'bigint', (column) => column.notNull())
        .addColumn('money', 'double precision', (column) => column.notNull())
        .addColumn('trade_no', 'varchar(255)', (column) => column.notNull().unique())
        .addColumn('payment_method', 'varchar(50)', (column) => column.notNull())
        .addColumn('create_time', 'bigint', (column) => column.notNull())
        .addColumn('complete_time', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('status', 'varchar(32)', (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema.createIndex('idx_top_ups_user').on('top_ups').columns(['user_id', 'id']).execute();
    },
  };
}
