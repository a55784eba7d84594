import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the log filters 002 left uncovered: group, a user's entries of one type (the self view's
 * type selector and its statistics), and the dashboard's per-username rollup.
 */
export function logIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('idx_logs_group_created').on('logs').columns(['group', 'created_at']).execute();
      await db.schema.createIndex('idx_logs_user_type_created').on('logs').columns(['user_id', 'type', 'created_at']).execute();
      await db.schema.createIndex('idx_quota_data_username').on('quota_data').columns(['username', 'created_at']).execute();
    },
  };
}
