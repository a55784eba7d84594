import type { Kysely, Migration } from 'kysely';

/** A token's latest log rows (`GET /api/log/token`, issue 37) read from an index instead of a scan. */
export function logTokenIndex(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('idx_logs_token_id').on('logs').columns(['token_id', 'id']).execute();
    },
  };
}
