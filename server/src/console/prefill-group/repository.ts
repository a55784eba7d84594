import type { PrefillGroupView } from '@switchboard/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { insertReturningId, toNumber } from '../../db/dialect';
import type { PrefillGroupsTable } from '../../db/tables/model-metadata';
import { updateById, deleteById } from '../../db/table-queries';

function itemsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function toView(row: Selectable<PrefillGroupsTable>): PrefillGroupView {
  return {
    id: toNumber(row.id),
    name: row.name,
    type: row.type,
    items: itemsOf(row.items),
    description: row.description,
    created_time: toNumber(row.created_time),
    updated_time: toNumber(row.updated_time),
  };
}

/** SQL of the `prefill_groups` table. */
export class PrefillGroupRepository {
  constructor(private readonly database: Database) {}

  async list(type?: string): Promise<PrefillGroupView[]> {
    let query = this.database.db.selectFrom('prefill_groups').selectAll();
    if (type) query = query.where('type', '=', type);
    return (await query.orderBy('id').execute()).map(toView);
  }

  async find(id: number): Promise<PrefillGroupView | undefined> {
    const row = await this.database.db.selectFrom('prefill_groups').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  async idOfName(name: string): Promise<number | undefined> {
    const row = await this.database.db
      .selectFrom('prefill_groups')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? toNumber(row.id) : undefined;
  }

  async insert(values: Insertable<PrefillGroupsTable>): Promise<number> {
    return insertReturningId(this.database.db, this.database.kind, 'prefill_groups', values);
  }

  update(id: number, values: Updateable<PrefillGroupsTable>): Promise<void> {
    return updateById(this.database.db, 'prefill_groups', id, values);
  }

  remove(id: number): Promise<boolean> {
    return deleteById(this.database.db, 'prefill_groups', id);
  }
}
