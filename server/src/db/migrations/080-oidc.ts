import type { Kysely, Migration } from 'kysely';

/** `users.oidc_id`: the OIDC subject (`sub`) bound to a user, like github_id (reference notes §5.9). */
export function oidcColumn(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('oidc_id', 'varchar(255)', (column) => column.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('idx_users_oidc_id').on('users').column('oidc_id').execute();
    },
  };
}
