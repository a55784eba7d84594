import { pino } from 'pino';
import type { Database } from '../db/database';
import { databaseAnswers } from '../db/dialect';
import {
  insertUsageBuckets,
  logInserterFor,
  type LogEntry,
  type LogInserter,
  type UsageBucket,
} from './log-insert';
import { writeInPieces } from './write-in-pieces';

export type { LogEntry } from './log-insert';

export const LogType = { TopUp: 1, Consumption: 2, Admin: 3, System: 4 } as const;

/** Where the writer reports rows it had to drop (the server's pino logger fits). */
export interface LogWriterReporter {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Log rows kept in memory while the database is unavailable: at about 1 KB a row, some 50 MB, or close
 * to a minute of a busy gateway. Beyond it the oldest rows are dropped (and counted).
 */
export const MAX_PENDING_LOG_ROWS = 50_000;

export interface LogWriterOptions {
  reporter?: LogWriterReporter;
  maxPendingRows?: number;
}

/**
 * Log rows and the hourly usage rollup, collected in memory and written in one transaction per
 * batch, off the request path. Rollup rows are added onto existing buckets, so instances commute.
 * A row the database refuses is dropped and reported; while the database is unavailable rows wait.
 */
export class LogWriter {
  private logs: LogEntry[] = [];
  private rollup = new Map<string, UsageBucket>();
  private flushing: Promise<void> | null = null;
  private droppedForCapacity = 0;
  private reporter: LogWriterReporter;
  private readonly maxPendingRows: number;
  private readonly insertLogs: LogInserter;

  constructor(
    private readonly database: Database,
    options: LogWriterOptions = {},
  ) {
    this.reporter = options.reporter ?? pino({ name: 'log-writer' });
    this.maxPendingRows = options.maxPendingRows ?? MAX_PENDING_LOG_ROWS;
    this.insertLogs = logInserterFor(database);
  }

  /** Sends later reports to this logger (the server's, once the app exists). */
  reportTo(reporter: LogWriterReporter): void {
    this.reporter = reporter;
  }

  write(entry: LogEntry): void {
    this.logs.push(entry);
    // Trimmed in steps of a tenth, so that a long outage costs no copy per call.
    if (this.logs.length > this.maxPendingRows + Math.ceil(this.maxPendingRows / 10)) this.keepNewest();
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

  /** Log rows waiting to be written. */
  get pendingRows(): number {
    return this.logs.length;
  }

  /** Usage buckets waiting to be added. */
  get pendingBuckets(): number {
    return this.rollup.size;
  }

  /**
   * Writes what is queued. Rejects when the database is unavailable (everything not written stays
   * queued for the next flush); resolves when rows were written or dropped as refused.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    const run = this.writeQueued();
    this.flushing = run;
    try {
      await run;
    } finally {
      this.flushing = null;
    }
  }

  private async writeQueued(): Promise<void> {
    this.reportCapacityDrops();
    if (this.logs.length === 0 && this.rollup.size === 0) return;
    const logs = this.logs;
    const buckets = [...this.rollup.values()];
    this.logs = [];
    this.rollup = new Map();
    const answers = () => databaseAnswers(this.database.db);
    const logResult = await writeInPieces(logs, this.insertLogs, answers);
    const bucketResult = logResult.outage
      ? { refused: [], unwritten: buckets, outage: logResult.outage }
      : await writeInPieces(buckets, (piece) => insertUsageBuckets(this.database, piece), answers);

    this.logs = logResult.unwritten.concat(this.logs);
    if (this.logs.length > this.maxPendingRows) this.keepNewest();
    // Buckets go back whole (calls, tokens and quota), merged with what arrived meanwhile.
    for (const bucket of bucketResult.unwritten) this.addToBucket(bucket);
    for (const { row, error } of bucketResult.refused) {
      this.addToBucket(row);
      this.reporter.error(
        { err: error, user_id: row.user_id, model_name: row.model_name, created_at: row.created_at },
        'usage bucket refused by the database; kept for the next flush',
      );
    }
    for (const { row, error } of logResult.refused) {
      this.reporter.error(
        { err: error, request_id: row.request_id, user_id: row.user_id, created_at: row.created_at },
        'log row refused by the database; dropped',
      );
    }
    this.reportCapacityDrops();
    if (logResult.outage || bucketResult.outage) throw logResult.outage ?? bucketResult.outage;
  }

  private keepNewest(): void {
    const excess = this.logs.length - this.maxPendingRows;
    this.logs.splice(0, excess);
    this.droppedForCapacity += excess;
  }

  private reportCapacityDrops(): void {
    if (this.droppedForCapacity === 0) return;
    this.reporter.error(
      { dropped: this.droppedForCapacity, limit: this.maxPendingRows },
      'log rows dropped: the database stayed unavailable and the queue reached its limit',
    );
    this.droppedForCapacity = 0;
  }

  private addToBucket(row: UsageBucket): void {
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
}
