import type { Config } from '../config';
import type { Database } from '../db/database';
import { DeltaWriter } from '../ledger/balances/delta-writer';
import { DurableJournal, type Durability } from '../ledger/durable-journal';
import { replayJournal } from '../ledger/journal-replay';
import { logRowValues } from '../ledger/log-insert';
import { LocalBilling, type Billing } from '../ledger/local-billing';
import { LogWriter, type LogEntry, type LogQueue, type LogWriterReporter, type RollEntry } from '../ledger/log-writer';
import { WriteBehind, type WriteBehindSource } from '../platform/write-behind';
import type { PrimaryLink } from './primary-link';
import { RemoteBalanceBook } from './remote-balance-book';
import { RemoteWindowCounter } from './remote-counter';
import { workerJournalsOf, type WorkerJournals } from './worker-bills';

/** Log rows and usage go to the primary's writer; the pending counts are the primary's, as last told. */
class RemoteLogQueue implements LogQueue {
  pendingRows = 0;
  pendingBuckets = 0;

  constructor(private readonly link: PrimaryLink) {}

  /** As the row's values: JSON of an array costs a fraction of an object's with the same values, on both ends. */
  write(entry: LogEntry): void {
    this.link.send('log', logRowValues(entry));
  }

  roll(entry: RollEntry): void {
    this.link.send('roll', entry);
  }

  flush(): Promise<void> {
    return this.link.request('flushLogs');
  }

  reportTo(_reporter: LogWriterReporter): void {}
}

/** The primary's write-behind lag, as last told (once per flush tick), ageing until the next report. */
class ReportedLag implements WriteBehindSource {
  private oldest: number | undefined;

  report(lagMs: number): void {
    this.oldest = lagMs > 0 ? Date.now() - lagMs : undefined;
  }

  oldestQueuedAt(): number | undefined {
    return this.oldest;
  }
}

/**
 * A worker's billing. With the settlement journal on and the balances in the primary's memory (no
 * Redis), the worker journals and writes its calls' bills, usage and log rows itself, as an instance
 * would, and tells the primary's balance authority what each call cost without waiting: a call's
 * answer waits only for this worker's journal. Otherwise every piece is a thin client of the
 * primary's, and `durable` resolves once the primary applied and journaled every operation this
 * worker sent before it.
 */
export async function remoteBilling(config: Config, database: Database, link: PrimaryLink): Promise<Billing> {
  const journals = workerJournalsOf(config);
  if (journals) return writingWorkerBilling(database, link, journals, config);
  const logs = new RemoteLogQueue(link);
  const lag = new ReportedLag();
  const writeBehind = new WriteBehind(config.WRITE_BEHIND_MAX_LAG_SECONDS * 1000);
  writeBehind.watch(lag);
  link.on('lag', (lagMs, pendingRows, pendingBuckets) => {
    lag.report(lagMs);
    writeBehind.sample();
    logs.pendingRows = pendingRows;
    logs.pendingBuckets = pendingBuckets;
  });
  const journal: Durability | null =
    config.BILLING_JOURNAL === 'off' ? null : { durable: () => link.request('durable') };
  return {
    balances: new RemoteBalanceBook(link),
    journal,
    instanceId: null,
    logs,
    writeBehind,
    counters: new RemoteWindowCounter(link),
    replayed: 0,
    start: () => undefined,
    // What the worker sent is applied by the primary, which writes it when it stops.
    close: () => link.request('settled'),
    abandon: () => undefined,
  };
}

/** The journal in the worker's own folder (the primary recovers it if this worker dies), and writers of its own. */
async function writingWorkerBilling(
  database: Database,
  link: PrimaryLink,
  journals: WorkerJournals,
  config: Config,
): Promise<Billing> {
  const journal = DurableJournal.open(journals.directory(process.pid), journals.sync);
  try {
    const journalLink = { journal, instanceId: journal.instanceId };
    const bills = new DeltaWriter(database.db, journalLink);
    const logs = new LogWriter(database, { journal: journalLink });
    // A new folder (the primary recovered every folder of earlier workers): this creates the worker's marks.
    await replayJournal(database.db, journal, bills, logs);
    const writeBehind = new WriteBehind(config.WRITE_BEHIND_MAX_LAG_SECONDS * 1000);
    writeBehind.watch(bills);
    writeBehind.watch(logs);
    const balances = new RemoteBalanceBook(link, bills);
    return new LocalBilling(
      balances,
      journal,
      logs,
      writeBehind,
      new RemoteWindowCounter(link),
      [bills, logs, balances],
      0,
    );
  } catch (error) {
    journal.close();
    throw error;
  }
}
