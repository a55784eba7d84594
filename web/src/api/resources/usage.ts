import type { QuotaDataPoint, TopUsage } from '@switchboard/contract';
import { api } from '../http-client';

export interface UsageQuery {
  start_timestamp: number;
  end_timestamp: number;
  /** administrators only: one user's usage */
  username: string;
}

/** `GET /api/data/` (administrators, everyone or one username) or `/api/data/self`. */
export function fetchUsage(query: UsageQuery, admin: boolean): Promise<QuotaDataPoint[]> {
  const window = { start_timestamp: query.start_timestamp, end_timestamp: query.end_timestamp };
  if (!admin) return api.get<QuotaDataPoint[]>('/api/data/self', { query: window });
  return api.get<QuotaDataPoint[]>('/api/data/', { query: { ...window, username: query.username || undefined } });
}

/** A top list of the usage window (`path` names which: by user, by token, ...). */
export const fetchTopUsage = (path: string, window: { start_timestamp: number; end_timestamp: number }) =>
  api.get<TopUsage[]>(path, { query: window });
