import type { PageData, RedemptionCreateRequest, RedemptionUpdateRequest, RedemptionView } from '@switchboard/contract';
import { api } from '../http-client';

/** Every redemption query starts with this key, so one invalidation refreshes the list. */
export const REDEMPTIONS_QUERY_KEY = ['redemptions'] as const;

/** `GET /api/redemption/`, or `/api/redemption/search` when a keyword (id or part of the name) is given. */
export function fetchRedemptions(query: {
  page: number;
  size: number;
  keyword: string;
}): Promise<PageData<RedemptionView>> {
  const paging = { p: query.page, page_size: query.size };
  const keyword = query.keyword.trim();
  if (keyword === '') return api.get<PageData<RedemptionView>>('/api/redemption/', { query: paging });
  return api.get<PageData<RedemptionView>>('/api/redemption/search', { query: { ...paging, keyword } });
}

/** Answers the new codes. */
export const createRedemptions = (request: RedemptionCreateRequest) => api.post<string[]>('/api/redemption/', request);

export const updateRedemption = (request: RedemptionUpdateRequest) =>
  api.put<RedemptionView>('/api/redemption/', request);

export const setRedemptionStatus = (id: number, status: number) =>
  api.put<RedemptionView>('/api/redemption/', { id, status }, { query: { status_only: 'true' } });

export const deleteRedemption = (id: number) => api.delete<undefined>(`/api/redemption/${id}/`);
