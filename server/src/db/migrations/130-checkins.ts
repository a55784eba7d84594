import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/** `checkins`: one row per user and day checked in; the unique pair is what lets only one of parallel check-ins win. */
export function checkinsTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('checkins')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', idType(kind), (column) => column.notNull())
        .addColumn('checkin_date', 'varchar(10)', (column) => column.notNull())
        .addColumn('quota_awarded', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('idx_checkins_user_date')
        .on('checkins')
        .columns(['user_id', 'checkin_date'])
        .unique()
        .execute();
    },
  };
}
