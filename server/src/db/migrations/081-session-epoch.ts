import type { Kysely, Migration } from 'kysely';

/**
 * `users.session_epoch`: a counter carried in every session cookie. Raising it (password change or
 * reset, deregistration, ban) ends every session issued before; existing cookies carry none and count as 0.
 */
export function sessionEpoch(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('session_epoch', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  };
}
