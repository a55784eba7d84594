import type { Config } from '../../config';
import type { Durability } from '../durable-journal';
import { logRowValues } from '../log-insert';
import type { Billing } from '../local-billing';
import type { LogEntry, LogQueue, LogWriterReporter, RollEntry } from '../log-writer';
import { WriteBehind, type WriteBehindSource } from '../write-behind';
import type { PrimaryLink } from './primary-link';
import { RemoteBalanceBook } from './remote-balance-book';
import { RemoteWindowCounter } from './remote-counter';

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
 * A worker's billing: every piece is a thin client of the primary's. `durable` resolves once the
 * primary applied and journaled every operation this worker sent before it.
 */
export function remoteBilling(config: Config, link: PrimaryLink): Billing {
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
  const journal: Durability | null = config.BILLING_JOURNAL === 'off' ? null : { durable: () => link.request('durable') };
  return {
    balances: new RemoteBalanceBook(link),
    journal,
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
