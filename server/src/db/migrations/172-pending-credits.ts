import type { Kysely, Migration } from 'kysely';
import type { DatabaseKind } from '../../config';
import { idColumn, idType, tableOptions } from '../dialect';

/**
 * `pending_credits`: a credit owed for something a request consumed (a redemption code, a day's
 * check-in, invite earnings) and not yet known to be durable. The row is written in the transaction
 * that consumes, names the instance (the id of its settlement journal) that owes the credit and the
 * `request_id` its log row carries (the witness), and is deleted once the credit is durable;
 * console/credits/pending-credits.ts finishes it, also after a crash.
 */
export function pendingCreditsTable(kind: DatabaseKind): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('pending_credits')
        .addColumn('id', idType(kind), idColumn(kind))
        .addColumn('user_id', idType(kind), (column) => column.notNull())
        .addColumn('amount', 'bigint', (column) => column.notNull())
        .addColumn('reason', 'varchar(16)', (column) => column.notNull())
        .addColumn('content', 'varchar(255)', (column) => column.notNull())
        .addColumn('witness', 'varchar(64)', (column) => column.notNull())
        .addColumn('credit_owner', 'varchar(64)', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .modifyEnd(tableOptions(kind))
        .execute();
      await db.schema
        .createIndex('idx_pending_credits_credit_owner')
        .on('pending_credits')
        .column('credit_owner')
        .execute();
    },
  };
}
