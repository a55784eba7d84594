import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';
import { DeltaWriter } from '../ledger/balances/delta-writer';
import { DurableJournal, liveOwner, type JournalSync } from '../ledger/durable-journal';
import { decodeRecords, type JournalRecord } from '../ledger/journal-record';
import { replayJournal } from '../ledger/journal-replay';
import { LogWriter } from '../ledger/log-writer';

/**
 * Each cluster worker journals the bills of its calls in a folder of its own below the primary's
 * journal, and writes them to the database itself, as an instance of its own would (its own marks in
 * `journal_marks`), named by its pid. The primary recovers the folder of a worker that died, and at
 * its start those of a run that was killed, before it forks any worker.
 */
export const workerJournalDirectory = (journalDirectory: string, pid: number) =>
  join(journalDirectory, 'workers', String(pid));

/**
 * Writes what the worker's journal holds and the database does not (above its marks), then deletes
 * the folder and its marks. Returns the journal's records (for the primary to apply what it had not
 * been told of yet) and how many of them it wrote.
 */
export async function recoverWorkerJournal(
  database: Database,
  directory: string,
  sync: JournalSync,
): Promise<{ records: JournalRecord[]; replayed: number }> {
  if (!existsSync(directory)) return { records: [], replayed: 0 };
  const journal = DurableJournal.open(directory, sync);
  let replayed: number;
  try {
    const link = { journal, instanceId: journal.instanceId };
    replayed = await replayJournal(
      database.db,
      journal,
      new DeltaWriter(database.db, link),
      new LogWriter(database, { journal: link }),
    );
  } finally {
    journal.close();
  }
  // The folder goes first: marks deleted while its records remained would have them written again.
  rmSync(directory, { recursive: true, force: true });
  await database.db.deleteFrom('journal_marks').where('instance_id', '=', journal.instanceId).execute();
  return { records: decodeRecords(journal.recovered), replayed };
}

/** How long a start waits for the workers of a killed primary to exit (they do once its channel closes). */
const ORPHAN_EXIT_MS = 10_000;

/**
 * At the start, before any balance is read: the folders of every worker of earlier runs. Returns the
 * records written. A folder whose worker still runs after ORPHAN_EXIT_MS fails the start (JournalInUseError).
 */
export async function recoverWorkerJournals(
  database: Database,
  journalDirectory: string,
  sync: JournalSync,
): Promise<number> {
  const parent = join(journalDirectory, 'workers');
  if (!existsSync(parent)) return 0;
  let replayed = 0;
  for (const name of readdirSync(parent)) {
    const directory = join(parent, name);
    const deadline = Date.now() + ORPHAN_EXIT_MS;
    while (liveOwner(directory) !== null && Date.now() < deadline) await sleep(20);
    replayed += (await recoverWorkerJournal(database, directory, sync)).replayed;
  }
  return replayed;
}
