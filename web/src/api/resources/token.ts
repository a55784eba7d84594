import {
  tokenViewSchema,
  type PageData,
  type TokenCreateRequest,
  type TokenUpdateRequest,
  type TokenView,
} from '@switchboard/contract';
import { api, validated } from '../http-client';
import { fetchZeroBasedList } from '../zero-based-list';

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

const tokenListSchema = tokenViewSchema.array();

/**
 * `GET /api/token/`, or `/api/token/search` when a name or key is given; `data` is the plain list and `p`
 * counts from 0 (spec 001 §7). The rows are checked against the contract's token schema.
 */
export async function fetchTokens(query: TokenListQuery): Promise<PageData<TokenView>> {
  const keyword = query.keyword?.trim() ?? '';
  const key = query.key?.trim() ?? '';
  const page =
    keyword === '' && key === ''
      ? await fetchZeroBasedList<unknown>('/api/token/', query.page, { size: query.size })
      : await fetchZeroBasedList<unknown>('/api/token/search', query.page, { size: query.size, keyword, token: key });
  return { ...page, items: validated(tokenListSchema, page.items) };
}

export const createTokens = (request: TokenCreateRequest) => api.post<TokenView[]>('/api/token/', request);

export const updateToken = (request: TokenUpdateRequest) => api.put<TokenView>('/api/token/', request);

export const setTokenStatus = (id: number, status: number) =>
  api.put<TokenView>('/api/token/', { id, status }, { query: { status_only: 'true' } });

export const deleteToken = (id: number) => api.delete<undefined>(`/api/token/${id}/`);

/** `POST /api/token/:id/key`: the whole stored key (without `sk-`) of one token. */
export const revealTokenKey = async (id: number) => (await api.post<{ key: string }>(`/api/token/${id}/key`)).key;

/** `POST /api/token/batch/keys`: whole keys by token id (at most 100 ids a call). */
export const revealTokenKeys = async (ids: number[]) =>
  (await api.post<{ keys: Record<string, string> }>('/api/token/batch/keys', { ids })).keys;
