import type { Database } from '../../db/database';

/**
 * The one conditional UPDATE that decides who refunds a failed task: `refunded` goes from 0 to 1 for
 * exactly one caller, whichever poller or instance gets there first.
 */
export async function claimRefundOf(database: Database, table: 'tasks' | 'midjourneys', rowId: number): Promise<boolean> {
  const result = await database.db.updateTable(table).set({ refunded: 1 }).where('id', '=', rowId).where('refunded', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
