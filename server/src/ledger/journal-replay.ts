import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables/index';
import type { DeltaWriter } from './balances/delta-writer';
import type { DurableJournal } from './durable-journal';
import { loadMarks } from './journal-marks';
import { decodeRecords, streamOf, type JournalRecord } from './journal-record';
import type { LogWriter } from './log-writer';

/**
 * Writes what an earlier run of this instance journaled but did not write (it was killed): every
 * record above its stream's mark in the database, once. Runs before the server accepts calls; a
 * database that cannot take the rows fails the start, and the journal stays for the next one.
 * Returns how many records were replayed.
 */
export async function replayJournal(
  db: Kysely<Tables>,
  journal: DurableJournal,
  deltas: DeltaWriter,
  logs: LogWriter,
  authority?: { recover(records: JournalRecord[]): Promise<void> },
): Promise<number> {
  const marks = await loadMarks(db, journal.instanceId);
  journal.continueAfter(Math.max(marks.deltas, marks.logs, marks.usage));
  const unwritten = decodeRecords(journal.recovered).filter((record) => record.seq > marks[streamOf(record)]);
  // A balance authority of its own (Redis) first learns the changes it may have missed, then the database.
  await authority?.recover(unwritten.filter((record) => streamOf(record) === 'deltas'));
  for (const record of unwritten) {
    if (streamOf(record) === 'deltas') deltas.replay(record);
    else logs.replay(record);
  }
  await deltas.flush();
  await logs.flush();
  journal.discardRecovered();
  return unwritten.length;
}
