import type { LogStat, LogView, PageData } from '@switchboard/contract';
import { api, type QueryValue } from '../http-client';

/** What the filter bar asks for; empty texts and zero numbers are left out of the query. */
export interface LogQuery {
  type: number;
  start_timestamp: number;
  end_timestamp: number;
  token_name: string;
  model_name: string;
  group: string;
  /** administrators only */
  username: string;
  /** administrators only */
  channel: number;
}

function queryOf(query: LogQuery, admin: boolean): Record<string, QueryValue> {
  const values: Record<string, QueryValue> = {
    type: query.type,
    start_timestamp: query.start_timestamp || undefined,
    end_timestamp: query.end_timestamp || undefined,
    token_name: query.token_name || undefined,
    model_name: query.model_name || undefined,
    group: query.group || undefined,
  };
  if (admin) Object.assign(values, { username: query.username || undefined, channel: query.channel || undefined });
  return values;
}

/** `GET /api/log/` for administrators, `/api/log/self/` for everyone else. */
export const fetchLogs = (query: LogQuery, admin: boolean, page: number, pageSize: number) =>
  api.get<PageData<LogView>>(admin ? '/api/log/' : '/api/log/self/', {
    query: { ...queryOf(query, admin), p: page, page_size: pageSize },
  });

export const fetchLogStat = (query: LogQuery, admin: boolean) =>
  api.get<LogStat>(admin ? '/api/log/stat' : '/api/log/self/stat', { query: queryOf(query, admin) });

/** `DELETE /api/log/?target_timestamp=`: clears the logs older than `before` (unix seconds); answers how many. */
export const clearLogsBefore = (before: number) =>
  api.delete<number>('/api/log/', { query: { target_timestamp: before }, quiet: true });
