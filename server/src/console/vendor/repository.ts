import type { VendorView } from '@switchboard/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { containsIgnoringCase, insertReturningId, toNumber } from '../../db/dialect';
import type { Database } from '../../db/database';
import type { VendorsTable } from '../../db/tables/model-metadata';
import { updateById } from '../../db/table-queries';

export function toVendorView(row: Selectable<VendorsTable>): VendorView {
  return {
    id: toNumber(row.id),
    name: row.name,
    description: row.description,
    icon: row.icon,
    status: toNumber(row.status),
    created_time: toNumber(row.created_time),
    updated_time: toNumber(row.updated_time),
  };
}

/** SQL of the `vendors` table. */
export class VendorRepository {
  constructor(private readonly database: Database) {}

  private filtered(keyword: string) {
    let query = this.database.db.selectFrom('vendors');
    if (keyword) query = query.where(containsIgnoringCase(this.database.kind, 'name', keyword));
    return query;
  }

  async count(keyword = ''): Promise<number> {
    const row = await this.filtered(keyword)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst();
    return toNumber(row?.total);
  }

  async page(keyword: string, offset: number, limit: number): Promise<VendorView[]> {
    const rows = await this.filtered(keyword).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
    return rows.map(toVendorView);
  }

  async find(id: number): Promise<VendorView | undefined> {
    const row = await this.database.db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toVendorView(row) : undefined;
  }

  async idOfName(name: string): Promise<number | undefined> {
    const row = await this.database.db.selectFrom('vendors').select('id').where('name', '=', name).executeTakeFirst();
    return row ? toNumber(row.id) : undefined;
  }

  async insert(values: Insertable<VendorsTable>): Promise<number> {
    return insertReturningId(this.database.db, this.database.kind, 'vendors', values);
  }

  update(id: number, values: Updateable<VendorsTable>): Promise<void> {
    return updateById(this.database.db, 'vendors', id, values);
  }

  /** Deletes the vendor; its models keep their metadata without a vendor. */
  async remove(id: number): Promise<boolean> {
    return this.database.db.transaction().execute(async (transaction) => {
      await transaction.updateTable('models').set({ vendor_id: 0 }).where('vendor_id', '=', id).execute();
      const result = await transaction.deleteFrom('vendors').where('id', '=', id).executeTakeFirst();
      return toNumber(result.numDeletedRows) > 0;
    });
  }
}
