import type { Kysely, Migration } from 'kysely';

/**
 * Who claimed the refund of a failed task, and when: `refunded` 2 is a claim whose credit is not yet
 * known to be durable, finished (1) by the claiming instance, also after a crash (relay/tasks/task-refunds.ts).
 * Times follow each table: unix milliseconds in `midjourneys`, seconds in `tasks`.
 */
export function taskRefundClaims(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['midjourneys', 'tasks']) {
        await db.schema
          .alterTable(table)
          .addColumn('refund_owner', 'varchar(64)', (column) => column.notNull().defaultTo(''))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn('refund_claimed_at', 'bigint', (column) => column.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex(`idx_${table}_refund_claims`)
          .on(table)
          .columns(['refunded', 'refund_owner'])
          .execute();
      }
    },
  };
}
