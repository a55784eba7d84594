import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/** `account_codes`: mailed codes, reset tokens and OAuth states, shared by every instance. */
export function accountCodes(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('account_codes')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('purpose', 'varchar(16)', (column) => column.notNull())
        .addColumn('subject', 'varchar(255)', (column) => column.notNull())
        .addColumn('secret_hash', 'varchar(64)', (column) => column.notNull())
        .addColumn('payload', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('used', 'integer', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('idx_account_codes_subject')
        .on('account_codes')
        .columns(['purpose', 'subject'])
        .execute();
      await db.schema.createIndex('idx_account_codes_expiry').on('account_codes').column('expires_at').execute();
    },
  };
}
