/**
 * `journal_marks`: per instance and stream (deltas, logs, usage), the last settlement-journal record
 * the database holds. Written in the same transaction as the rows it covers, so a replay after a
 * crash applies exactly the records above it (see ledger/durable-journal.ts).
 */
export interface JournalMarksTable {
  instance_id: string;
  stream: string;
  seq: number;
}
