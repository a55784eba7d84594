import type { Kysely, Migration } from 'kysely';

/**
 * Who credits a paid order: `credit_owner` names the instance (the id of its settlement journal) that
 * moved the order pending → success and has not yet seen its credit durable; '' once it has (and for
 * every order before this migration). console/topup/order-credits.ts finishes a claim, also after a crash.
 */
export function topUpCreditClaims(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('top_ups')
        .addColumn('credit_owner', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('idx_top_ups_credit_owner').on('top_ups').column('credit_owner').execute();
    },
  };
}
