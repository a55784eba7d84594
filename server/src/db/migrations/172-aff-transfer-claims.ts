import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/**
 * `aff_transfers`: a transfer of invite earnings taken from `users.aff_quota` whose credit is not yet
 * known to be durable. The row is written in the transaction that takes the earnings, names the
 * instance (the id of its settlement journal) that owes the credit, and is deleted once the credit is
 * durable; console/user/aff-transfers.ts finishes it, also after a crash.
 */
export function affTransferClaims(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('aff_transfers')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', idType(kind), (column) => column.notNull())
        .addColumn('amount', 'bigint', (column) => column.notNull())
        .addColumn('credit_owner', 'varchar(64)', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('idx_aff_transfers_credit_owner')
        .on('aff_transfers')
        .column('credit_owner')
        .execute();
    },
  };
}
