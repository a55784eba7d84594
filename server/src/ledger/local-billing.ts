import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BalanceBook } from './balances/balance-book';
import { DeltaWriter } from './balances/delta-writer';
import { MemoryBalanceBook } from './balances/memory-balance-book';
import { RedisBalanceBook } from './balances/redis-balance-book';
import { DurableJournal, type Durability, type JournalSync } from './durable-journal';
import { recoverWorkerJournals } from '../runtime/worker-journals';
import { replayJournal } from './journal-replay';
import { LogWriter, type LogQueue, type LogWriterReporter } from './log-writer';
import { createWindowCounter, type WindowCounter } from '../platform/window-counter';
import { WriteBehind } from '../platform/write-behind';

/** How long billing deltas may wait before they reach the database. */
const FLUSH_INTERVAL_MS = 1000;

/** The settlement journal's folder: JOURNAL_DIR, else `journal/` beside the SQLite file. */
export const journalDirectory = (config: Config) => config.JOURNAL_DIR ?? join(dirname(config.SQLITE_PATH), 'journal');

/** The settlement journal's sync policy; null when it is off. */
export const journalSync = (config: Config): JournalSync | null =>
  config.BILLING_JOURNAL === 'off' ? null : config.BILLING_JOURNAL;

/** What the server's context takes from the billing machinery, wherever it runs. */
export interface Billing {
  balances: BalanceBook;
  journal: Durability | null;
  /**
   * The id of the settlement journal this process writes itself (kept in its folder across restarts),
   * under which its claims and job leases are recognised after a restart; null when it writes none.
   */
  instanceId: string | null;
  logs: LogQueue;
  writeBehind: WriteBehind;
  counters: WindowCounter;
  /** journal records of an unclean stop, written at start */
  replayed: number;
  /** Starts periodic work, reporting to the server's logger. */
  start(log: LogWriterReporter): void;
  /** Hands over everything pending (at shutdown, after the last call finished). */
  close(): Promise<void>;
  /** Releases what open acquired (the start failed). */
  abandon(): void;
}

/**
 * The billing machinery of the process that owns it (a single process, or the cluster primary): the
 * balance authority, the settlement journal, the write-behind writers and the limit counters.
 */
export class LocalBilling implements Billing {
  private flushTimer: NodeJS.Timeout | null = null;
  /** Called after every flush tick (the cluster primary tells its workers the lag). */
  onTick: () => void = () => undefined;

  constructor(
    readonly balances: BalanceBook,
    readonly journal: DurableJournal | null,
    readonly logs: LogWriter,
    readonly writeBehind: WriteBehind,
    readonly counters: WindowCounter,
    /** what still needs journal records: the writers until they wrote them (and a worker's untold bills) */
    private readonly journalReaders: Array<{ readonly oldestPendingSeq: number }>,
    /** journal records of an unclean stop, written at start */
    readonly replayed: number,
  ) {}

  get instanceId(): string | null {
    return this.journal?.instanceId ?? null;
  }

  /** Opens the journal, replays what an unclean stop left, and makes the authority. */
  static async open(config: Config, database: Database, redis: Redis | null): Promise<LocalBilling> {
    const sync = journalSync(config);
    const journal = sync === null ? null : DurableJournal.open(journalDirectory(config), sync);
    try {
      const link = journal && { journal, instanceId: journal.instanceId };
      const deltaWriter = new DeltaWriter(database.db, link);
      const logs = new LogWriter(database, { journal: link });
      const authority = redis
        ? new RedisBalanceBook(redis, config.REDIS_PREFIX, database.db, deltaWriter, {
            id: journal?.instanceId ?? randomBytes(8).toString('hex'),
            durable: () => journal?.durable() ?? Promise.resolve(),
          })
        : undefined;
      const balances = authority ?? new MemoryBalanceBook(database.db, deltaWriter);
      // The bills a cluster worker of a killed run journaled go to the database first, before any balance is read.
      const fromWorkers = sync === null ? 0 : await recoverWorkerJournals(database, journalDirectory(config), sync);
      const replayed =
        fromWorkers + (journal ? await replayJournal(database.db, journal, deltaWriter, logs, authority) : 0);
      if (!journal) await authority?.recover([]);
      const writeBehind = new WriteBehind(config.WRITE_BEHIND_MAX_LAG_SECONDS * 1000);
      writeBehind.watch(deltaWriter);
      writeBehind.watch(logs);
      const counters = createWindowCounter(redis, config.REDIS_PREFIX);
      return new LocalBilling(balances, journal, logs, writeBehind, counters, [deltaWriter, logs], replayed);
    } catch (error) {
      journal?.close();
      throw error;
    }
  }

  /** Starts the flush loop, reporting to the server's logger. */
  start(log: LogWriterReporter): void {
    this.logs.reportTo(log);
    this.journal?.reportTo(log);
    this.flushTimer = setInterval(() => {
      this.writeBehind.sample();
      const balancesFlushed = this.balances
        .flush()
        .catch((error: unknown) => log.error({ err: error }, 'balance flush failed; will retry'));
      const logsFlushed = this.logs
        .flush()
        .catch((error: unknown) => log.error({ err: error }, 'log flush failed; will retry'));
      void Promise.all([balancesFlushed, logsFlushed]).then(() => this.journal?.rotate(this.oldestNeeded()));
      this.onTick();
    }, FLUSH_INTERVAL_MS);
    this.flushTimer.unref();
  }

  /** Writes everything pending and closes the journal. */
  async close(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.balances.flush();
    await this.balances.close?.();
    await this.logs.flush();
    void this.journal?.rotate(this.oldestNeeded());
    this.journal?.close();
  }

  /** Closes the journal without writing (the start failed). */
  abandon(): void {
    this.balances.abandon?.();
    this.journal?.close();
  }

  private oldestNeeded(): number {
    return Math.min(...this.journalReaders.map((reader) => reader.oldestPendingSeq));
  }
}
