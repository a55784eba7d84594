import { pino } from 'pino';
import type { Database } from '../db/database';
import { databaseAnswers } from '../db/dialect';
import { emptyRange, widen, type JournalLink, type SeqRange } from './journal-marks';
import { insertUsageBuckets, logInserterFor, type LogEntry, type LogInserter, type UsageBucket } from './log-insert';
import { journalLog, journalRoll, type JournalRecord } from './journal-record';
import { writeInPieces } from '../platform/write-in-pieces';

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
  /** the settlement journal: every row and rollup entry is appended there before it is queued */
  journal?: JournalLink | null;
}

/** A queued row and its journal record number (0 without a journal). */
interface QueuedLog {
  entry: LogEntry;
  seq: number;
  /** Date.now() when it was queued, for the write-behind lag */
  queuedAt: number;
}

/** What `roll` takes: one call's usage. */
export interface RollEntry {
  userId: number;
  username: string;
  model: string;
  createdAt: number;
  tokens: number;
  quota: number;
}

/** Where log rows and usage go: the writer itself, or (in a cluster worker) the primary's, over IPC. */
export interface LogQueue {
  write(entry: LogEntry): void;
  roll(entry: RollEntry): void;
  flush(): Promise<void>;
  readonly pendingRows: number;
  readonly pendingBuckets: number;
  reportTo(reporter: LogWriterReporter): void;
}

/**
 * Log rows and the hourly usage rollup, collected in memory and written in one transaction per
 * batch, off the request path. Rollup rows are added onto existing buckets, so instances commute.
 * A row the database refuses is dropped and reported; while the database is unavailable rows wait.
 */
export class LogWriter implements LogQueue {
  private logs: QueuedLog[] = [];
  private rollup = new Map<string, UsageBucket>();
  private rollupSeqs = emptyRange();
  private inFlight: SeqRange | null = null;
  private flushing: Promise<void> | null = null;
  private droppedForCapacity = 0;
  private reporter: LogWriterReporter;
  private readonly maxPendingRows: number;
  private readonly insertLogs: LogInserter;
  private readonly link: JournalLink | null;

  constructor(
    private readonly database: Database,
    options: LogWriterOptions = {},
  ) {
    this.reporter = options.reporter ?? pino({ name: 'log-writer' });
    this.maxPendingRows = options.maxPendingRows ?? MAX_PENDING_LOG_ROWS;
    this.link = options.journal ?? null;
    this.insertLogs = logInserterFor(database, this.link);
  }

  /** Sends later reports to this logger (the server's, once the app exists). */
  reportTo(reporter: LogWriterReporter): void {
    this.reporter = reporter;
  }

  write(entry: LogEntry): void {
    const seq = this.link ? journalLog(this.link.journal, entry) : 0;
    this.queue(entry, seq);
  }

  /** Adds one call's usage to its user × model × hour bucket. */
  roll(entry: RollEntry): void {
    if (this.link) widen(this.rollupSeqs, journalRoll(this.link.journal, entry));
    this.addRoll(entry);
  }

  /** Takes back a row or rollup entry journaled by an earlier run of this instance (the replay at start). */
  replay(record: JournalRecord): void {
    if (record.kind === 'log') this.queue(record.entry, record.seq);
    else if (record.kind === 'roll') {
      this.addRoll(record.entry);
      widen(this.rollupSeqs, record.seq);
    }
  }

  /** The oldest journal record not yet in the database (Infinity when none). */
  get oldestPendingSeq(): number {
    const queued = this.logs.find((row) => row.seq > 0)?.seq ?? Number.POSITIVE_INFINITY;
    return Math.min(queued, this.rollupSeqs.first, this.inFlight?.first ?? Number.POSITIVE_INFINITY);
  }

  /** When the oldest row or rollup entry not yet written was queued (the write-behind lag). */
  oldestQueuedAt(): number | undefined {
    return this.inFlightQueuedAt ?? this.logs[0]?.queuedAt ?? this.rollupSince;
  }

  private inFlightQueuedAt: number | undefined;
  private rollupSince: number | undefined;

  private queue(entry: LogEntry, seq: number): void {
    this.logs.push({ entry, seq, queuedAt: Date.now() });
    // Trimmed in steps of a tenth, so that a long outage costs no copy per call.
    if (this.logs.length > this.maxPendingRows + Math.ceil(this.maxPendingRows / 10)) this.keepNewest();
  }

  private addRoll(entry: RollEntry): void {
    this.rollupSince ??= Date.now();
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
    const rollupSeqs = this.rollupSeqs;
    this.logs = [];
    this.rollup = new Map();
    this.rollupSeqs = emptyRange();
    this.inFlight = {
      first: Math.min(logs.find((row) => row.seq > 0)?.seq ?? Number.POSITIVE_INFINITY, rollupSeqs.first),
      last: 0,
    };
    this.inFlightQueuedAt = Math.min(
      logs[0]?.queuedAt ?? Number.POSITIVE_INFINITY,
      this.rollupSince ?? Number.POSITIVE_INFINITY,
    );
    if (!Number.isFinite(this.inFlightQueuedAt)) this.inFlightQueuedAt = undefined;
    const rollupSince = this.rollupSince;
    this.rollupSince = undefined;
    const answers = () => databaseAnswers(this.database.db);
    let logResult: Awaited<ReturnType<typeof writeInPieces<QueuedLog>>>;
    let bucketResult: Awaited<ReturnType<typeof writeInPieces<UsageBucket>>>;
    try {
      logResult = await writeInPieces(
        logs,
        (piece) =>
          this.insertLogs(
            piece.map((row) => row.entry),
            piece.at(-1)?.seq ?? 0,
          ),
        answers,
      );
      bucketResult = logResult.outage
        ? { refused: [], unwritten: buckets, outage: logResult.outage }
        : await writeInPieces(
            buckets,
            (piece) => insertUsageBuckets(this.database, piece, this.link, rollupSeqs.last),
            answers,
          );
    } finally {
      this.inFlight = null;
      this.inFlightQueuedAt = undefined;
    }
    if (bucketResult.unwritten.length > 0 || bucketResult.refused.length > 0) {
      this.rollupSince = Math.min(rollupSince ?? Date.now(), this.rollupSince ?? Date.now());
      widen(this.rollupSeqs, rollupSeqs.first);
      widen(this.rollupSeqs, rollupSeqs.last);
    }

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
        { err: error, request_id: row.entry.request_id, user_id: row.entry.user_id, created_at: row.entry.created_at },
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
