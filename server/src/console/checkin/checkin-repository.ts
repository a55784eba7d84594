import type { CheckinRecord } from '@switchboard/contract';
import type { Queries } from '../../db/database';
import { toNumber } from '../../db/dialect';
import { anyMatch } from '../../db/table-queries';

/** Reads and writes `checkins`. */
export class CheckinRepository {
  constructor(private readonly database: Queries) {}

  /**
   * Inserts the day's row unless the user has one for `date` (the unique pair); false when it had. It
   * raises no error on the pair, so it can be one step of a transaction (a failed statement aborts a
   * PostgreSQL transaction).
   */
  async insert(userId: number, date: string, quota: number, createdAt: number): Promise<boolean> {
    const insert = this.database.db
      .insertInto('checkins')
      .values({ user_id: userId, checkin_date: date, quota_awarded: quota, created_at: createdAt });
    const result = await (
      this.database.kind === 'mysql'
        ? insert.ignore()
        : insert.onConflict((conflict) => conflict.columns(['user_id', 'checkin_date']).doNothing())
    ).executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }

  async has(userId: number, date: string): Promise<boolean> {
    return anyMatch(
      this.database.db.selectFrom('checkins').where('user_id', '=', userId).where('checkin_date', '=', date),
    );
  }

  /** A month's check-ins (`month` is YYYY-MM), newest first. */
  async month(userId: number, month: string): Promise<CheckinRecord[]> {
    const rows = await this.database.db
      .selectFrom('checkins')
      .select(['checkin_date', 'quota_awarded'])
      .where('user_id', '=', userId)
      .where('checkin_date', '>=', `${month}-01`)
      .where('checkin_date', '<=', `${month}-31`)
      .orderBy('checkin_date', 'desc')
      .execute();
    return rows.map((row) => ({ checkin_date: row.checkin_date, quota_awarded: toNumber(row.quota_awarded) }));
  }

  async totals(userId: number): Promise<{ count: number; quota: number }> {
    const row = await this.database.db
      .selectFrom('checkins')
      .select((select) => [select.fn.countAll().as('count'), select.fn.sum('quota_awarded').as('quota')])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { count: toNumber(row?.count ?? 0), quota: toNumber(row?.quota ?? 0) };
  }
}
