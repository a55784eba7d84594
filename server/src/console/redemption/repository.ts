import { RedemptionStatus, type RedemptionView } from '@switchboard/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Queries } from '../../db/database';
import { containsIgnoringCase, toNumber } from '../../db/dialect';
import type { RedemptionsTable } from '../../db/tables/redemptions';
import { deleteById, newestPage, updatedOne, updateMatching } from '../../db/table-queries';

function normalise(row: Selectable<RedemptionsTable>): RedemptionView {
  return {
    id: toNumber(row.id),
    user_id: toNumber(row.user_id),
    // char(32) may come back padded on some drivers
    key: row.key.trim(),
    status: toNumber(row.status),
    name: row.name,
    quota: toNumber(row.quota),
    created_time: toNumber(row.created_time),
    redeemed_time: toNumber(row.redeemed_time),
    used_user_id: toNumber(row.used_user_id),
  };
}

/** Redemption codes; every status change that races with redeeming is a conditional UPDATE. */
export class RedemptionRepository {
  constructor(private readonly database: Queries) {}

  /** `keyword` matches the id exactly or part of the name. */
  private filtered(keyword: string) {
    let query = this.database.db.selectFrom('redemptions');
    if (keyword !== '') {
      const id = /^\d+$/.test(keyword) ? Number(keyword) : null;
      const byName = containsIgnoringCase(this.database.kind, 'name', keyword);
      query = query.where((where) =>
        id !== null && Number.isSafeInteger(id) ? where.or([where('id', '=', id), byName]) : byName,
      );
    }
    return query;
  }

  /** Newest first, with how many match in all. */
  async page(keyword: string, offset: number, limit: number): Promise<{ total: number; items: RedemptionView[] }> {
    const { total, rows } = await newestPage(this.filtered(keyword), offset, limit);
    return { total, items: rows.map(normalise) };
  }

  async find(id: number): Promise<RedemptionView | undefined> {
    const row = await this.database.db.selectFrom('redemptions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && normalise(row);
  }

  async findByKey(key: string): Promise<RedemptionView | undefined> {
    const row = await this.database.db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirst();
    return row && normalise(row);
  }

  /** Inserts every row in one statement: all of them or none. */
  async insertAll(rows: Array<Insertable<RedemptionsTable>>): Promise<void> {
    await this.database.db.insertInto('redemptions').values(rows).execute();
  }

  /** Changes the row only while its status is one of `statuses`; false when it was not. */
  async updateWhileStatusIn(id: number, statuses: number[], values: Updateable<RedemptionsTable>): Promise<boolean> {
    return updatedOne(
      this.database.db.updateTable('redemptions').set(values).where('id', '=', id).where('status', 'in', statuses),
    );
  }

  /** Marks an unused code used by `userId`: true only for the one caller whose UPDATE changed the row. */
  async claim(key: string, userId: number, now: number): Promise<boolean> {
    return updateMatching(
      this.database.db,
      'redemptions',
      { key, status: RedemptionStatus.Unused },
      { status: RedemptionStatus.Used, used_user_id: userId, redeemed_time: now },
    );
  }

  remove(id: number): Promise<boolean> {
    return deleteById(this.database.db, 'redemptions', id);
  }
}
