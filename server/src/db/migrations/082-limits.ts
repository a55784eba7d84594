import type { Kysely, Migration } from 'kysely';

/** Limits of issue 22: a token's requests and tokens per minute, a channel's concurrent calls and tokens per day (0: none). */
export function limitColumns(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tokens')
        .addColumn('rpm_limit', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tokens')
        .addColumn('tpm_limit', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('channels')
        .addColumn('max_concurrency', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('channels')
        .addColumn('daily_token_limit', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  };
}
