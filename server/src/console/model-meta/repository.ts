import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { containsIgnoringCase, toNumber } from '../../db/dialect';
import type { ModelsTable } from '../../db/tables/model-metadata';
import { countOf, newestFirst, TableById } from '../../db/table-queries';

export type ModelRow = Selectable<ModelsTable>;

export interface ModelFilter {
  status?: number;
  syncOfficial?: number;
  /** part of the name, description or tags */
  keyword?: string;
  vendorId?: number;
}

/** Names read per `in (...)` query. */
const NAMES_PER_QUERY = 500;

export interface ServedAbility {
  model: string;
  group: string;
  enabled: boolean;
  channelId: number;
  channelName: string;
  channelType: number;
}

/** SQL of the `models` table, and what the channels serve (abilities). */
export class ModelMetaRepository extends TableById<'models'> {
  constructor(database: Database) {
    super(database, 'models');
  }

  private filtered(filter: ModelFilter) {
    const { kind } = this.database;
    let query = this.database.db.selectFrom('models');
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.syncOfficial !== undefined) query = query.where('sync_official', '=', filter.syncOfficial);
    if (filter.vendorId !== undefined) query = query.where('vendor_id', '=', filter.vendorId);
    const keyword = filter.keyword?.trim();
    if (keyword) {
      query = query.where((eb) =>
        eb.or([
          containsIgnoringCase(kind, 'model_name', keyword),
          containsIgnoringCase(kind, 'description', keyword),
          containsIgnoringCase(kind, 'tags', keyword),
        ]),
      );
    }
    return query;
  }

  count(filter: ModelFilter): Promise<number> {
    return countOf(this.filtered(filter));
  }

  page(filter: ModelFilter, offset: number, limit: number): Promise<ModelRow[]> {
    return newestFirst(this.filtered(filter), offset, limit);
  }

  async find(id: number): Promise<ModelRow | undefined> {
    return this.database.db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirst();
  }

  idOfName(name: string): Promise<number | undefined> {
    return this.idWhere('model_name', name);
  }

  /** Every metadata name with its rule (for the missing-models list). */
  async names(): Promise<Array<{ model_name: string; name_rule: number }>> {
    const rows = await this.database.db.selectFrom('models').select(['model_name', 'name_rule']).execute();
    return rows.map((row) => ({ model_name: row.model_name, name_rule: toNumber(row.name_rule) }));
  }

  async vendorExists(id: number): Promise<boolean> {
    return (
      (await this.database.db.selectFrom('vendors').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    );
  }

  /** Every model name some channel serves. */
  async servedNames(): Promise<string[]> {
    const rows = await this.database.db.selectFrom('abilities').select('model').distinct().execute();
    return rows.map((row) => row.model);
  }

  /** The abilities of the named models with their channels. */
  async abilitiesOf(names: string[]): Promise<ServedAbility[]> {
    const result: ServedAbility[] = [];
    for (let start = 0; start < names.length; start += NAMES_PER_QUERY) {
      const rows = await this.database.db
        .selectFrom('abilities')
        .innerJoin('channels', 'channels.id', 'abilities.channel_id')
        .select([
          'abilities.model',
          'abilities.group',
          'abilities.enabled',
          'channels.id as channel_id',
          'channels.name',
          'channels.type',
        ])
        .where('abilities.model', 'in', names.slice(start, start + NAMES_PER_QUERY))
        .orderBy('channels.id')
        .execute();
      for (const row of rows) {
        result.push({
          model: row.model,
          group: row.group,
          enabled: toNumber(row.enabled) === 1,
          channelId: toNumber(row.channel_id),
          channelName: row.name,
          channelType: toNumber(row.type),
        });
      }
    }
    return result;
  }
}
