import type { PageData, TokenCreateRequest, TokenUpdateRequest, TokenView } from '@switchboard/contract';
import { pageOfPlainList } from '@switchboard/contract';
import { api, apiRequest } from '../../api/http-client';

/** Every token query starts with this key, so one invalidation refreshes lists and the chat pages. */
export const TOKENS_QUERY_KEY = ['tokens'] as const;

export interface TokenListQuery {
  page: number;
  size: number;
  /** part of the name */
  keyword?: string;
  /** part of the key, with or without sk- */
  key?: string;
}

/** `GET /api/token/`, or `/api/token/search` when a name or key is given; `data` is the plain list (spec 001 §7). */
export async function fetchTokens(query: TokenListQuery): Promise<PageData<TokenView>> {
  const keyword = query.keyword?.trim() ?? '';
  const key = query.key?.trim() ?? '';
  const paging = { p: query.page, size: query.size };
  const reply =
    keyword === '' && key === ''
      ? await apiRequest<TokenView[]>('GET', '/api/token/', { query: paging })
      : await apiRequest<TokenView[]>('GET', '/api/token/search', { query: { ...paging, keyword, token: key } });
  return pageOfPlainList(reply);
}

export const createTokens = (request: TokenCreateRequest) => api.post<TokenView[]>('/api/token/', request);

export const updateToken = (request: TokenUpdateRequest) => api.put<TokenView>('/api/token/', request);

export const setTokenStatus = (id: number, status: number) =>
  api.put<TokenView>('/api/token/', { id, status }, { query: { status_only: 'true' } });

export const deleteToken = (id: number) => api.delete<undefined>(`/api/token/${id}/`);
