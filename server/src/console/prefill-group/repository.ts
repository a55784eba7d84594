import type { PrefillGroupView } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/dialect';
import type { PrefillGroupsTable } from '../../db/tables/model-metadata';
import { TableById } from '../../db/table-queries';

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
export class PrefillGroupRepository extends TableById<'prefill_groups'> {
  constructor(database: Database) {
    super(database, 'prefill_groups');
  }

  async list(type?: string): Promise<PrefillGroupView[]> {
    let query = this.database.db.selectFrom('prefill_groups').selectAll();
    if (type) query = query.where('type', '=', type);
    return (await query.orderBy('id').execute()).map(toView);
  }

  async find(id: number): Promise<PrefillGroupView | undefined> {
    const row = await this.database.db.selectFrom('prefill_groups').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  idOfName(name: string): Promise<number | undefined> {
    return this.idWhere('name', name);
  }
}
