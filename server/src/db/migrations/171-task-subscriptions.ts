import type { Kysely, Migration } from 'kysely';

/**
 * `subscription_id` of a task row: the user subscription whose quota paid the task (0: the wallet),
 * so that a failed task's refund goes back where the price came from (relay/tasks/task-refunds.ts).
 */
export function taskSubscriptions(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['tasks', 'midjourneys']) {
        await db.schema
          .alterTable(table)
          .addColumn('subscription_id', 'bigint', (column) => column.notNull().defaultTo(0))
          .execute();
      }
    },
  };
}
