import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, longText, tableOptions } from '../dialect';

export function usersAndOptions(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('username', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('display_name', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('password', 'varchar(255)', (column) => column.notNull())
        .addColumn('github_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('wechat_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('telegram_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('linux_do_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('email', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('used_quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('request_count', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('group', 'varchar(64)', (column) => column.notNull().defaultTo('default'))
        .addColumn('role', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('status', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('access_token', 'varchar(64)', (column) => column.unique())
        .addColumn('aff_code', 'varchar(32)', (column) => column.unique())
        .addColumn('aff_count', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('aff_quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('aff_history_quota', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('inviter_id', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('setting', kind === 'mysql' ? 'varchar(2048)' : 'text', (column) => column.notNull().defaultTo('{}'))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('deleted_at', 'bigint')
        .modifyEnd(tableOptions(kind))
        .execute();
      for (const column of ['email', 'github_id', 'wechat_id', 'telegram_id', 'linux_do_id', 'inviter_id']) {
        await db.schema.createIndex(`idx_users_${column}`).on('users').column(column).execute();
      }
      await db.schema
        .createTable('options')
        .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('value', longText(kind), (column) => column.notNull())
        .modifyEnd(tableOptions(kind))
        .execute();
    },
  };
}
