import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Queries } from '../../db/database';
import { containsIgnoringCase, toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import { normaliseChannelRow, type ChannelRow } from './channel-view';

export interface ChannelFilter {
  /** Matches the id exactly, or the name or key partly, ignoring case. */
  keyword?: string;
  /** A group the channel serves. */
  group?: string;
  /** Part of a model name the channel lists. */
  model?: string;
}

export interface ChannelPageRequest {
  filter: ChannelFilter;
  idSort: boolean;
  /** null: every match. */
  page: { offset: number; limit: number } | null;
  /** Page over tags (each tag one entry; untagged channels are not listed) instead of channels. */
  tagMode: boolean;
}

export interface ChannelPage {
  rows: ChannelRow[];
  total: number;
}

type ChannelExpressions = ExpressionBuilder<Tables, 'channels'>;

/** Reads of `channels`; every write goes through changeChannels() so abilities follow. */
export class ChannelRepository {
  constructor(private readonly database: Queries) {}

  async findById(id: number): Promise<ChannelRow | undefined> {
    const row = await this.database.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    return row && normaliseChannelRow(row);
  }

  async page(request: ChannelPageRequest): Promise<ChannelPage> {
    return request.tagMode ? this.tagPage(request) : this.channelPage(request);
  }

  async idsWithTag(tag: string): Promise<number[]> {
    const rows = await this.database.db.selectFrom('channels').select('id').where('tag', '=', tag).execute();
    return rows.map((row) => toNumber(row.id));
  }

  async rowsWithStatus(status: number): Promise<ChannelRow[]> {
    const rows = await this.database.db
      .selectFrom('channels')
      .selectAll()
      .where('status', '=', status)
      .orderBy('id')
      .execute();
    return rows.map(normaliseChannelRow);
  }

  /** Every model named by any channel (enabled ones only when asked), sorted. */
  async models(enabledOnly: boolean): Promise<string[]> {
    let query = this.database.db.selectFrom('abilities').select('model').distinct();
    if (enabledOnly) query = query.where('enabled', '=', 1);
    const rows = await query.execute();
    return rows.map((row) => row.model).sort();
  }

  private where(filter: ChannelFilter) {
    const kind = this.database.kind;
    return (builder: ChannelExpressions): Expression<SqlBool> => {
      const conditions: Array<Expression<SqlBool>> = [];
      const keyword = filter.keyword?.trim();
      if (keyword) {
        const alternatives = [
          containsIgnoringCase(kind, 'channels.name', keyword),
          containsIgnoringCase(kind, 'channels.key', keyword),
        ];
        if (/^\d{1,15}$/.test(keyword)) alternatives.push(builder('channels.id', '=', Number(keyword)));
        conditions.push(builder.or(alternatives));
      }
      const model = filter.model?.trim();
      if (model) conditions.push(containsIgnoringCase(kind, 'channels.models', model));
      const group = filter.group?.trim();
      if (group) {
        conditions.push(
          builder(
            'channels.id',
            'in',
            builder.selectFrom('abilities').select('abilities.channel_id').where('abilities.group', '=', group),
          ),
        );
      }
      return builder.and(conditions);
    };
  }

  private hasFilter(filter: ChannelFilter): boolean {
    return Boolean(filter.keyword?.trim() || filter.model?.trim() || filter.group?.trim());
  }

  private async channelPage(request: ChannelPageRequest): Promise<ChannelPage> {
    const db = this.database.db;
    let countQuery = db.selectFrom('channels').select((select) => select.fn.countAll().as('count'));
    let rowsQuery = db.selectFrom('channels').selectAll();
    if (this.hasFilter(request.filter)) {
      countQuery = countQuery.where(this.where(request.filter));
      rowsQuery = rowsQuery.where(this.where(request.filter));
    }
    rowsQuery = request.idSort
      ? rowsQuery.orderBy('id', 'desc')
      : rowsQuery.orderBy('priority', 'desc').orderBy('id', 'desc');
    if (request.page) rowsQuery = rowsQuery.limit(request.page.limit).offset(request.page.offset);
    const [count, rows] = await Promise.all([countQuery.executeTakeFirstOrThrow(), rowsQuery.execute()]);
    return { rows: rows.map(normaliseChannelRow), total: toNumber(count.count) };
  }

  /**
   * Groups the sorted tagged matches by tag in order of first appearance, pages the groups, loads their
   * rows. As the reference's tag mode, it lists tags only: a channel without a tag is not in it.
   */
  private async tagPage(request: ChannelPageRequest): Promise<ChannelPage> {
    const db = this.database.db;
    let outline = db.selectFrom('channels').select(['id', 'tag']).where('tag', 'is not', null).where('tag', '!=', '');
    if (this.hasFilter(request.filter)) outline = outline.where(this.where(request.filter));
    outline = request.idSort
      ? outline.orderBy('id', 'desc')
      : outline.orderBy('priority', 'desc').orderBy('id', 'desc');
    const groups = new Map<string, number[]>();
    for (const row of await outline.execute()) {
      const members = groups.get(row.tag ?? '') ?? [];
      members.push(toNumber(row.id));
      groups.set(row.tag ?? '', members);
    }
    const all = [...groups.values()];
    const chosen = request.page ? all.slice(request.page.offset, request.page.offset + request.page.limit) : all;
    const ids = chosen.flat();
    if (ids.length === 0) return { rows: [], total: all.length };
    const rows = await db.selectFrom('channels').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [toNumber(row.id), normaliseChannelRow(row)]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: all.length };
  }
}
