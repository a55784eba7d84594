import type { VendorView } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import { containsIgnoringCase, toNumber } from '../../db/dialect';
import type { Database } from '../../db/database';
import type { VendorsTable } from '../../db/tables/model-metadata';
import { countOf, newestFirst, TableById } from '../../db/table-queries';

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
export class VendorRepository extends TableById<'vendors'> {
  constructor(database: Database) {
    super(database, 'vendors');
  }

  private filtered(keyword: string) {
    let query = this.database.db.selectFrom('vendors');
    if (keyword) query = query.where(containsIgnoringCase(this.database.kind, 'name', keyword));
    return query;
  }

  count(keyword = ''): Promise<number> {
    return countOf(this.filtered(keyword));
  }

  async page(keyword: string, offset: number, limit: number): Promise<VendorView[]> {
    return (await newestFirst(this.filtered(keyword), offset, limit)).map(toVendorView);
  }

  async find(id: number): Promise<VendorView | undefined> {
    const row = await this.database.db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toVendorView(row) : undefined;
  }

  idOfName(name: string): Promise<number | undefined> {
    return this.idWhere('name', name);
  }

  /** Deletes the vendor; its models keep their metadata without a vendor. */
  override async remove(id: number): Promise<boolean> {
    return this.database.db.transaction().execute(async (transaction) => {
      await transaction.updateTable('models').set({ vendor_id: 0 }).where('vendor_id', '=', id).execute();
      const result = await transaction.deleteFrom('vendors').where('id', '=', id).executeTakeFirst();
      return toNumber(result.numDeletedRows) > 0;
    });
  }
}
