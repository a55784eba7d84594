import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for the log filters 002 left uncovered: group, and a user's entries of one type (the type
 * selector and every statistic, which reads consumption only). Without the type in these, SQLite takes
 * the (type, created_at) index for "username = ? and type = 2" and scans nine rows in ten
 * (bench/log-queries.mjs: 0.8 s on a million rows). Also the dashboard's per-username rollup.
 */
export function logIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('idx_logs_group_created').on('logs').columns(['group', 'created_at']).execute();
      await db.schema
        .createIndex('idx_logs_user_type_created')
        .on('logs')
        .columns(['user_id', 'type', 'created_at'])
        .execute();
      await db.schema
        .createIndex('idx_logs_username_type_created')
        .on('logs')
        .columns(['username', 'type', 'created_at'])
        .execute();
      await db.schema
        .createIndex('idx_quota_data_username')
        .on('quota_data')
        .columns(['username', 'created_at'])
        .execute();
      // Everyone's usage summed per hour and model reads only this index, already in that order (no sort).
      await db.schema
        .createIndex('idx_quota_data_created_model')
        .on('quota_data')
        .columns(['created_at', 'model_name', 'count', 'token_used', 'quota'])
        .execute();
    },
  };
}
