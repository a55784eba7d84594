import type { Insertable } from 'kysely';
import type { Database } from '../db/database';
import { insertOrAdd } from '../db/dialect';
import type { LogsTable, QuotaDataTable } from '../db/tables/logs';

export const LogType = { TopUp: 1, Consumption: 2, Admin: 3, System: 4 } as const;

export type LogEntry = Insertable<LogsTable>;

const MAX_ROWS_PER_INSERT = 500;

/**
 * Every optional column, so that all rows of a batch name the same columns: in a multi-row insert
 * SQLite writes NULL (not the column default) where one row leaves a column out that another sets.
 */
const LOG_COLUMN_DEFAULTS = {
  username: '',
  token_name: '',
  token_id: 0,
  model_name: '',
  quota: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  use_time: 0,
  is_stream: 0,
  channel_id: 0,
  channel_name: '',
  group: '',
  ip: '',
  request_id: '',
} satisfies Partial<LogEntry>;

/**
 * Log rows and the hourly usage rollup, collected in memory and written in one transaction per
 * batch, off the request path. Rollup rows are added onto existing buckets, so instances commute.
 */
export class LogWriter {
  private logs: LogEntry[] = [];
  private rollup = new Map<string, Insertable<QuotaDataTable>>();
  private flushing: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  write(entry: LogEntry): void {
    this.logs.push({ ...LOG_COLUMN_DEFAULTS, ...entry });
  }

  /** Adds one call's usage to its user × model × hour bucket. */
  roll(entry: { userId: number; username: string; model: string; createdAt: number; tokens: number; quota: number }): void {
    this.addToBucket({
      user_id: entry.userId,
      username: entry.username,
      model_name: entry.model,
      created_at: entry.createdAt - (entry.createdAt % 3600),
      count: 1,
      token_used: entry.tokens,
      quota: entry.quota,
    });
  }

  private addToBucket(row: Insertable<QuotaDataTable>): void {
    const key = `${row.user_id}\u0000${row.model_name}\u0000${row.created_at}`;
    const bucket = this.rollup.get(key);
    if (!bucket) {
      this.rollup.set(key, { ...row });
      return;
    }
    bucket.count = Number(bucket.count) + Number(row.count);
    bucket.token_used = Number(bucket.token_used) + Number(row.token_used);
    bucket.quota = Number(bucket.quota) + Number(row.quota);
  }

  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.logs.length === 0 && this.rollup.size === 0) return;
    const logs = this.logs;
    const rollup = [...this.rollup.values()];
    this.logs = [];
    this.rollup = new Map();
    this.flushing = this.database.db
      .transaction()
      .execute(async (transaction) => {
        for (let start = 0; start < logs.length; start += MAX_ROWS_PER_INSERT) {
          await transaction.insertInto('logs').values(logs.slice(start, start + MAX_ROWS_PER_INSERT)).execute();
        }
        await insertOrAdd(transaction, this.database.kind, 'quota_data', rollup, ['user_id', 'model_name', 'created_at'], [
          'count',
          'token_used',
          'quota',
        ]);
      })
      .catch((error: unknown) => {
        this.logs = logs.concat(this.logs);
        // Put the buckets back whole (calls, tokens and quota), merged with what arrived meanwhile.
        for (const row of rollup) this.addToBucket(row);
        throw error;
      });
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }
}
