import type { AppContext } from '../app-context';

const BATCH_ROWS = 1000;
const DAY_SECONDS = 86_400;
/** Between batches, so that writers waiting on the logs table get their turn. */
const PAUSE_BETWEEN_BATCHES_MS = 20;
const HOUR_MS = 3_600_000;

/** Days of logs to keep: LOG_RETENTION_DAYS when set, else the LogRetentionDays option; 0 keeps everything. */
const retentionDays = (context: AppContext) =>
  context.config.LOG_RETENTION_DAYS ?? context.options.number('LogRetentionDays');

/**
 * Deletes logs older than the retention, oldest first, a thousand rows per statement (by primary key),
 * so no statement holds the logs table for long. Answers how many rows went.
 */
export async function deleteExpiredLogs(context: AppContext, signal: AbortSignal): Promise<number> {
  const days = retentionDays(context);
  if (days <= 0) return 0;
  const before = Math.floor(Date.now() / 1000 - days * DAY_SECONDS);
  const db = context.database.db;
  let deleted = 0;
  while (!signal.aborted) {
    const ids = (
      await db
        .selectFrom('logs')
        .select('id')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(BATCH_ROWS)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) break;
    const result = await db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (ids.length < BATCH_ROWS) break;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_BATCHES_MS));
  }
  return deleted;
}

/** The hourly retention job; off while the retention is 0. */
export function registerLogRetentionJob(context: AppContext): void {
  context.jobs.register({
    name: 'log-retention',
    intervalMs: () => (retentionDays(context) > 0 ? HOUR_MS : 0),
    run: async (signal) => {
      await deleteExpiredLogs(context, signal);
    },
  });
}
