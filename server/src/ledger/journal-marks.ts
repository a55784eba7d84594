import type { Database as SqliteHandle } from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../db/tables/index';
import type { DurableJournal } from './durable-journal';

import type { JournalStream } from './journal-record';

export type { JournalStream } from './journal-record';
/** The writers whose records the journal holds, each with its own mark in `journal_marks`. */
export const JOURNAL_STREAMS: JournalStream[] = ['deltas', 'logs', 'usage'];

/** A writer's link to the journal: where it appends, and the mark it advances with each batch. */
export interface JournalLink {
  journal: DurableJournal;
  instanceId: string;
}

/** The highest record number of a batch; `first` is the lowest, Infinity when the batch is empty. */
export interface SeqRange {
  first: number;
  last: number;
}

export const emptyRange = (): SeqRange => ({ first: Number.POSITIVE_INFINITY, last: 0 });

export function widen(range: SeqRange, seq: number): void {
  if (seq < range.first) range.first = seq;
  if (seq > range.last) range.last = seq;
}

/** Creates this instance's marks at zero where missing; returns them. */
export async function loadMarks(db: Kysely<Tables>, instanceId: string): Promise<Record<JournalStream, number>> {
  const rows = await db
    .selectFrom('journal_marks')
    .select(['stream', 'seq'])
    .where('instance_id', '=', instanceId)
    .execute();
  const marks = { deltas: 0, logs: 0, usage: 0 };
  for (const stream of JOURNAL_STREAMS) {
    const row = rows.find((candidate) => candidate.stream === stream);
    if (row) marks[stream] = Number(row.seq);
    else await db.insertInto('journal_marks').values({ instance_id: instanceId, stream, seq: 0 }).execute();
  }
  return marks;
}

/** Records, inside the transaction that wrote them, that the database holds records up to `seq`. */
export async function advanceMark(
  transaction: Transaction<Tables> | Kysely<Tables>,
  link: JournalLink,
  stream: JournalStream,
  seq: number,
): Promise<void> {
  if (seq <= 0) return;
  await transaction
    .updateTable('journal_marks')
    .set({ seq })
    .where('instance_id', '=', link.instanceId)
    .where('stream', '=', stream)
    .where('seq', '<', seq)
    .execute();
}

/** The same for SQLite's prepared-statement path (run inside its better-sqlite3 transaction). */
export function sqliteMarkAdvancer(
  handle: SqliteHandle,
  link: JournalLink,
  stream: JournalStream,
): (seq: number) => void {
  const statement = handle.prepare(
    'update "journal_marks" set "seq" = ? where "instance_id" = ? and "stream" = ? and "seq" < ?',
  );
  return (seq) => {
    if (seq > 0) statement.run(seq, link.instanceId, stream, seq);
  };
}
