import { TopUpStatus, type TopUpView } from '@switchboard/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Queries } from '../../db/database';
import { containsIgnoringCase, toNumber } from '../../db/dialect';
import type { TopUpsTable } from '../../db/tables/top-ups';
import { newestPage, updateMatching } from '../../db/table-queries';

function normalise(row: Selectable<TopUpsTable>): TopUpView {
  return {
    id: toNumber(row.id),
    user_id: toNumber(row.user_id),
    amount: toNumber(row.amount),
    money: toNumber(row.money),
    trade_no: row.trade_no,
    payment_method: row.payment_method,
    create_time: toNumber(row.create_time),
    complete_time: toNumber(row.complete_time),
    status: row.status,
  };
}

/** Online top-up orders; completing one is a conditional UPDATE that exactly one caller wins. */
export class TopUpRepository {
  constructor(private readonly database: Queries) {}

  async insert(values: Insertable<TopUpsTable>): Promise<void> {
    await this.database.db.insertInto('top_ups').values(values).execute();
  }

  async findByTradeNo(tradeNo: string): Promise<TopUpView | undefined> {
    const row = await this.database.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirst();
    return row && normalise(row);
  }

  /**
   * pending → success, claimed by `owner` (the instance that credits the order); true only for the
   * caller whose UPDATE changed the row. The console sees the order as success from here on.
   */
  async claimSucceeded(tradeNo: string, now: number, owner: string): Promise<boolean> {
    return updateMatching(
      this.database.db,
      'top_ups',
      { trade_no: tradeNo, status: TopUpStatus.Pending },
      { status: TopUpStatus.Success, complete_time: now, credit_owner: owner },
    );
  }

  /** Ends `owner`'s claim once the order's credit is durable; true when this call ended it. */
  async finishClaim(tradeNo: string, owner: string): Promise<boolean> {
    return updateMatching(
      this.database.db,
      'top_ups',
      { trade_no: tradeNo, credit_owner: owner },
      { credit_owner: '' },
    );
  }

  /** Orders `owner` claimed and has not finished (an earlier run of it was killed), oldest first. */
  async claimedBy(owner: string, limit: number): Promise<TopUpView[]> {
    const rows = await this.database.db
      .selectFrom('top_ups')
      .selectAll()
      .where('credit_owner', '=', owner)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(normalise);
  }

  /** pending → failed or expired (a payment that did not go through); the other states are final. */
  async markEnded(tradeNo: string, status: typeof TopUpStatus.Failed | typeof TopUpStatus.Expired): Promise<void> {
    await this.database.db
      .updateTable('top_ups')
      .set({ status })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', TopUpStatus.Pending)
      .execute();
  }

  private filtered(keyword: string) {
    const query = this.database.db.selectFrom('top_ups');
    return keyword === '' ? query : query.where(containsIgnoringCase(this.database.kind, 'trade_no', keyword));
  }

  /** Newest first, with how many match in all. */
  async page(keyword: string, offset: number, limit: number): Promise<{ total: number; items: TopUpView[] }> {
    const { total, rows } = await newestPage(this.filtered(keyword), offset, limit);
    return { total, items: rows.map(normalise) };
  }
}
