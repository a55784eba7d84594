import type { Config } from '../config';
import type { JournalSync } from '../ledger/durable-journal';
import { journalDirectory, journalSync } from '../ledger/local-billing';
import { workerJournalDirectory } from './worker-journals';

/** Where the cluster workers journal their own bills, and how. */
export interface WorkerJournals {
  sync: JournalSync;
  /** the journal folder of the worker `pid` */
  directory(pid: number): string;
}

/**
 * The one place that decides whether cluster workers write their calls' bills themselves: with the
 * settlement journal on and the balances in the primary's memory (no Redis), each worker journals
 * and writes its bills, usage and log rows (remoteBilling), and the primary recovers the journal of
 * one that dies (primary.ts). Null: every bill goes to the primary, which journals and writes it.
 */
export function workerJournalsOf(config: Config): WorkerJournals | null {
  const sync = journalSync(config);
  if (sync === null || config.REDIS_CONN_STRING) return null;
  const parent = journalDirectory(config);
  return { sync, directory: (pid) => workerJournalDirectory(parent, pid) };
}
