import { logRowOf, logRowValues, LOG_COLUMNS, type LogEntry } from './log-insert';
import type { RollEntry } from './log-writer';

/*
 * How a log row and a rollup entry are written into the settlement journal. JSON.stringify of an
 * object costs several times what it costs for an array of the same values on Node 20, and `other`
 * (already JSON) would be escaped a second time, so a row is written as the JSON array of its values
 * followed by a tab and `other` as it is. Records written by earlier versions (one JSON object) are
 * still read.
 */

const OTHER = LOG_COLUMNS.length - 1;

/** The journal payload of a log row. */
export function encodeLogRow(entry: LogEntry): string {
  const values = logRowValues(entry);
  const other = values[OTHER] as string;
  // A line break would end the journal line; such an `other` (never written by this server) goes whole.
  if (other.includes('\n')) return JSON.stringify(entry);
  values.length = OTHER;
  return `${JSON.stringify(values)}\t${other}`;
}

export function decodeLogRow(payload: string): LogEntry {
  if (payload.startsWith('{')) return JSON.parse(payload) as LogEntry;
  const tab = payload.indexOf('\t');
  const values = JSON.parse(payload.slice(0, tab)) as unknown[];
  values.push(payload.slice(tab + 1));
  return logRowOf(values);
}

/** The journal payload of one call's usage for the hourly rollup. */
export function encodeRoll(entry: RollEntry): string {
  return JSON.stringify([entry.userId, entry.username, entry.model, entry.createdAt, entry.tokens, entry.quota]);
}

export function decodeRoll(payload: string): RollEntry {
  if (payload.startsWith('{')) return JSON.parse(payload) as RollEntry;
  const [userId, username, model, createdAt, tokens, quota] = JSON.parse(payload) as [
    number,
    string,
    string,
    number,
    number,
    number,
  ];
  return { userId, username, model, createdAt, tokens, quota };
}
