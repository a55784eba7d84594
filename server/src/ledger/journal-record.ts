import type { LogEntry } from './log-insert';
import { decodeLogRow, decodeRoll, encodeLogRow, encodeRoll } from './log-record';
import type { RollEntry } from './log-writer';

/*
 * The settlement journal's records: the one place that knows how each is written and read. A line of
 * the journal is `seq \t letter \t payload`; the journal itself (durable-journal.ts) only numbers and
 * stores lines, every writer encodes here and every reader decodes here.
 *
 * Letters and payloads (numbers comma-separated; a token id of 0 means "no token balance"):
 *   c  charge   userId,tokenId,quota        a call's bill: both balances lose `quota`
 *   f  refund   userId,tokenId,quota        a failed task's price given back: both balances gain `quota`
 *   u  user     userId,delta                a credit or an administrator's change of a user's balance
 *   t  token    tokenId,delta               a change of a token's balance (a console edit)
 *   g  usage    userId,tokenId,channelId,quota,requests   the used-quota and request counters
 *   l  log      a log row (log-record.ts)
 *   r  roll     one call's usage for the hourly rollup (log-record.ts)
 * Journals of the release before this one wrote a charge as a `u` record followed by a `t` record
 * (and a refund as a charge of a negative quota): those still decode, as the two balance changes
 * they are, so a journal left by a crash of that release replays in full after an upgrade.
 */

/** What a journal record says happened. */
export type JournalEntry =
  | { kind: 'charge'; userId: number; tokenId: number | null; quota: number }
  | { kind: 'refund'; userId: number; tokenId: number | null; quota: number }
  | { kind: 'user'; userId: number; delta: number }
  | { kind: 'token'; tokenId: number; delta: number }
  | { kind: 'usage'; userId: number; tokenId: number; channelId: number; quota: number; requests: number }
  | { kind: 'log'; entry: LogEntry }
  | { kind: 'roll'; entry: RollEntry };

/** A record read back from the journal: its number and what it says. */
export type JournalRecord = JournalEntry & { seq: number };

export type JournalKind = JournalEntry['kind'];

/** A line as the journal stores it. */
export interface JournalLine {
  seq: number;
  type: string;
  payload: string;
}

/** Where records are appended (the durable journal). */
export interface RecordSink {
  append(type: string, payload: string): number;
}

/**
 * Appends one record; returns its number. The typed functions below write the hot path's records
 * without building an entry object first; `appendRecord` takes any entry.
 */
export const journalCharge = (sink: RecordSink, userId: number, tokenId: number | null, quota: number) =>
  sink.append('c', `${userId},${tokenId ?? 0},${quota}`);
export const journalRefund = (sink: RecordSink, userId: number, tokenId: number | null, quota: number) =>
  sink.append('f', `${userId},${tokenId ?? 0},${quota}`);
export const journalUserChange = (sink: RecordSink, userId: number, delta: number) =>
  sink.append('u', `${userId},${delta}`);
export const journalTokenChange = (sink: RecordSink, tokenId: number, delta: number) =>
  sink.append('t', `${tokenId},${delta}`);
export const journalUsage = (
  sink: RecordSink,
  userId: number,
  tokenId: number,
  channelId: number,
  quota: number,
  requests: number,
) => sink.append('g', `${userId},${tokenId},${channelId},${quota},${requests}`);
export const journalLog = (sink: RecordSink, entry: LogEntry) => sink.append('l', encodeLogRow(entry));
export const journalRoll = (sink: RecordSink, entry: RollEntry) => sink.append('r', encodeRoll(entry));

export function appendRecord(sink: RecordSink, entry: JournalEntry): number {
  switch (entry.kind) {
    case 'charge':
      return journalCharge(sink, entry.userId, entry.tokenId, entry.quota);
    case 'refund':
      return journalRefund(sink, entry.userId, entry.tokenId, entry.quota);
    case 'user':
      return journalUserChange(sink, entry.userId, entry.delta);
    case 'token':
      return journalTokenChange(sink, entry.tokenId, entry.delta);
    case 'usage':
      return journalUsage(sink, entry.userId, entry.tokenId, entry.channelId, entry.quota, entry.requests);
    case 'log':
      return journalLog(sink, entry.entry);
    case 'roll':
      return journalRoll(sink, entry.entry);
  }
}

const numbersOf = (payload: string) => payload.split(',').map(Number);
const tokenOf = (id: number) => (id > 0 ? id : null);

/** What a line says, or null for a letter this release does not know (skipped, never guessed at). */
export function decodeRecord(line: JournalLine): JournalRecord | null {
  const { seq, type, payload } = line;
  if (type === 'l') return { seq, kind: 'log', entry: decodeLogRow(payload) };
  if (type === 'r') return { seq, kind: 'roll', entry: decodeRoll(payload) };
  const [first = 0, second = 0, third = 0, fourth = 0, fifth = 0] = numbersOf(payload);
  switch (type) {
    case 'c':
      return { seq, kind: 'charge', userId: first, tokenId: tokenOf(second), quota: third };
    case 'f':
      return { seq, kind: 'refund', userId: first, tokenId: tokenOf(second), quota: third };
    case 'u':
      return { seq, kind: 'user', userId: first, delta: second };
    case 't':
      return { seq, kind: 'token', tokenId: first, delta: second };
    case 'g':
      return { seq, kind: 'usage', userId: first, tokenId: second, channelId: third, quota: fourth, requests: fifth };
    default:
      return null;
  }
}

export function decodeRecords(lines: JournalLine[]): JournalRecord[] {
  const records: JournalRecord[] = [];
  for (const line of lines) {
    const record = decodeRecord(line);
    if (record) records.push(record);
  }
  return records;
}

/** The writer (and its mark in `journal_marks`) that a record belongs to. */
export type JournalStream = 'deltas' | 'logs' | 'usage';

export const streamOf = (record: JournalEntry): JournalStream =>
  record.kind === 'log' ? 'logs' : record.kind === 'roll' ? 'usage' : 'deltas';

/**
 * What a balance record changes: the user's balance (and the token's, unless null) by `delta`.
 * Null for records that change no balance (usage counters, log rows, rollups).
 */
export function balanceChange(
  record: JournalEntry,
): { userId: number | null; tokenId: number | null; delta: number } | null {
  switch (record.kind) {
    case 'charge':
      return { userId: record.userId, tokenId: record.tokenId, delta: -record.quota };
    case 'refund':
      return { userId: record.userId, tokenId: record.tokenId, delta: record.quota };
    case 'user':
      return { userId: record.userId, tokenId: null, delta: record.delta };
    case 'token':
      return { userId: null, tokenId: record.tokenId, delta: record.delta };
    default:
      return null;
  }
}
