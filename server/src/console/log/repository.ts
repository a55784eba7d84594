import { LogKind, type LogFilter } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { Queries } from '../../db/database';
import { toNumber } from '../../db/dialect';
import type { LogsTable } from '../../db/tables/logs';
import { countOf } from '../../db/table-queries';

export type LogRow = Selectable<LogsTable>;

/** Whose entries a query may see: one user's (the self view) or everyone's (administrators). */
export type LogScope = { userId: number } | { everyone: true };

/** The filters a query applies, with the time window as bounds (0: open) that the RPM/TPM window can replace. */
export type RowFilter = Omit<LogFilter, 'start_timestamp' | 'end_timestamp'> & { since: number; until: number };

export function rowFilterOf(filter: LogFilter): RowFilter {
  const { start_timestamp, end_timestamp, ...rest } = filter;
  return { ...rest, since: start_timestamp, until: end_timestamp };
}

/** Reads and clears `logs`. Every filter is an equality or a range on an indexed column. */
export class LogRepository {
  constructor(private readonly database: Queries) {}

  private filtered(scope: LogScope, filter: RowFilter) {
    let query = this.database.db.selectFrom('logs');
    if ('userId' in scope) query = query.where('user_id', '=', scope.userId);
    else {
      if (filter.username) query = query.where('username', '=', filter.username);
      if (filter.channel) query = query.where('channel_id', '=', filter.channel);
    }
    if (filter.type !== LogKind.All) query = query.where('type', '=', filter.type);
    if (filter.token_name) query = query.where('token_name', '=', filter.token_name);
    if (filter.model_name) query = query.where('model_name', '=', filter.model_name);
    if (filter.group) query = query.where('group', '=', filter.group);
    if (filter.since) query = query.where('created_at', '>=', filter.since);
    if (filter.until) query = query.where('created_at', '<=', filter.until);
    return query;
  }

  count(scope: LogScope, filter: RowFilter): Promise<number> {
    return countOf(this.filtered(scope, filter));
  }

  /** Newest first. */
  async page(scope: LogScope, filter: RowFilter, offset: number, limit: number): Promise<LogRow[]> {
    return this.filtered(scope, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Sum of quota, request count and tokens of the consumption entries matching the filter. */
  async consumption(scope: LogScope, filter: RowFilter): Promise<{ quota: number; requests: number; tokens: number }> {
    const row = await this.filtered(scope, { ...filter, type: LogKind.Consumption })
      .select((select) => [
        select.fn.sum<number>('quota').as('quota'),
        select.fn.countAll<number>().as('requests'),
        select.fn.sum<number>(select('prompt_tokens', '+', select.ref('completion_tokens'))).as('tokens'),
      ])
      .executeTakeFirstOrThrow();
    return { quota: toNumber(row.quota), requests: toNumber(row.requests), tokens: toNumber(row.tokens) };
  }

  /** Deletes every entry created before `before` (unix seconds); answers how many went. */
  async deleteBefore(before: number): Promise<number> {
    const result = await this.database.db.deleteFrom('logs').where('created_at', '<', before).executeTakeFirst();
    return toNumber(result.numDeletedRows);
  }
}
