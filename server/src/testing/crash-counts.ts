import type { Database } from '../db/database';
import { toNumber } from '../db/dialect';
import { LogType } from '../ledger/index';

/* What a crash test counts in the database once its server stopped. */

/** How many credits are left pending (console/credits/pending-credits.ts): none once a run is finished. */
export async function pendingCreditRows(database: Database): Promise<number> {
  return (await database.db.selectFrom('pending_credits').select('id').execute()).length;
}

/** Counts by user of the system log rows whose text begins with `text`. */
export async function systemLogRows(database: Database, text: string): Promise<(userId: number) => number> {
  const rows = await database.db
    .selectFrom('logs')
    .select('user_id')
    .where('type', '=', LogType.System)
    .where('content', 'like', `${text}%`)
    .execute();
  return (userId: number) => rows.filter((row) => toNumber(row.user_id) === userId).length;
}

/** The id and balance of every user whose name begins with `prefix`. */
export async function usersNamed(database: Database, prefix: string): Promise<Array<{ id: number; quota: number }>> {
  const users = await database.db
    .selectFrom('users')
    .select(['id', 'quota'])
    .where('username', 'like', `${prefix}%`)
    .execute();
  return users.map((user) => ({ id: toNumber(user.id), quota: toNumber(user.quota) }));
}
