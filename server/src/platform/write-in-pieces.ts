import { isTransientDatabaseError } from '../db/dialect';

export interface PiecesOutcome<T> {
  /** Rows the database refused on their own while it answered other queries. */
  refused: Array<{ row: T; error: unknown }>;
  /** Rows not written because the database became unavailable (in their original order). */
  unwritten: T[];
  /** The error that stopped the writing, or null when every row was written or refused. */
  outage: unknown;
}

/**
 * Writes rows in one piece; when that fails for a reason tied to the rows, splits the failing piece in
 * halves until each bad row stands alone, so one row the database refuses cannot hold back the others.
 * A lock or an outage (a transient error, or a lone row failing while the database does not answer)
 * stops everything and hands the rest back for a later attempt. Order is kept.
 */
export async function writeInPieces<T>(
  rows: T[],
  write: (piece: T[]) => Promise<void>,
  databaseAnswers: () => Promise<boolean>,
): Promise<PiecesOutcome<T>> {
  const refused: PiecesOutcome<T>['refused'] = [];
  const pending: T[][] = rows.length > 0 ? [rows] : [];
  while (pending.length > 0) {
    const piece = pending.shift() as T[];
    try {
      await write(piece);
      continue;
    } catch (error) {
      const stop = isTransientDatabaseError(error) || (piece.length === 1 && !(await databaseAnswers()));
      if (stop) return { refused, unwritten: [piece, ...pending].flat(), outage: error };
      if (piece.length === 1) {
        refused.push({ row: piece[0] as T, error });
      } else {
        const middle = Math.ceil(piece.length / 2);
        pending.unshift(piece.slice(0, middle), piece.slice(middle));
      }
    }
  }
  return { refused, unwritten: [], outage: null };
}
