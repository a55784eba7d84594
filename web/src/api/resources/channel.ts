import type {
  ChannelBalanceSummary,
  ChannelCreateRequest,
  ChannelTagUpdateRequest,
  ChannelTestData,
  ChannelUpdateRequest,
  ChannelView,
  FetchModelsRequest,
  ModelUpdateApplyAllResult,
  ModelUpdateApplyRequest,
  ModelUpdateApplyResult,
  ModelUpdateDetection,
  MultiKeyAction,
  MultiKeyStatusPage,
  PageData,
} from '@switchboard/contract';
import { api, apiRequest } from '../http-client';
import { fetchZeroBasedList } from '../zero-based-list';

/** Every channel query starts with this key, so one invalidation refreshes list, editor and models. */
export const CHANNELS_QUERY_KEY = ['channels'] as const;

export interface ChannelListFilter {
  keyword: string;
  group: string;
  model: string;
}

export interface ChannelListRequest {
  page: number;
  pageSize: number;
  idSort: boolean;
  tagMode: boolean;
  filter: ChannelListFilter;
}

const isFiltered = (filter: ChannelListFilter) =>
  Boolean(filter.keyword.trim() || filter.group.trim() || filter.model.trim());

/**
 * `GET /api/channel/`, or `/api/channel/search` when a keyword, group or model is given. `data` is
 * the plain list (spec 001 §7) and `p` counts from 0; the page and total travel beside it.
 */
export async function fetchChannels(request: ChannelListRequest): Promise<PageData<ChannelView>> {
  const query = { page_size: request.pageSize, id_sort: request.idSort, tag_mode: request.tagMode };
  const { keyword, group, model } = request.filter;
  return isFiltered(request.filter)
    ? fetchZeroBasedList<ChannelView>('/api/channel/search', request.page, {
        ...query,
        keyword: keyword.trim(),
        group: group.trim(),
        model: model.trim(),
      })
    : fetchZeroBasedList<ChannelView>('/api/channel/', request.page, query);
}

export const fetchChannel = (id: number) => api.get<ChannelView>(`/api/channel/${id}`);
export const createChannels = (request: ChannelCreateRequest) => api.post<{ ids: number[] }>('/api/channel/', request);
export const updateChannel = (request: ChannelUpdateRequest) => api.put<ChannelView>('/api/channel/', request);
export const deleteChannel = (id: number) => api.delete<undefined>(`/api/channel/${id}/`);
export const deleteDisabledChannels = () => api.delete<number>('/api/channel/disabled');
export const deleteChannels = (ids: number[]) => api.post<number>('/api/channel/batch', { ids });
export const setTagOnChannels = (ids: number[], tag: string) =>
  api.post<number>('/api/channel/batch/tag', { ids, tag });
export const repairAbilities = () => api.post<number>('/api/channel/fix');
export const copyChannel = (id: number) =>
  api.post<{ id: number }>(`/api/channel/copy/${id}`, undefined, { quiet: true });
export const editTag = (request: ChannelTagUpdateRequest) => api.put<number>('/api/channel/tag', request);
export const setTagEnabled = (tag: string, enabled: boolean) =>
  api.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });
export const updateBalance = (id: number) => api.get<number>(`/api/channel/update_balance/${id}/`);
export const updateAllBalances = () => api.get<ChannelBalanceSummary>('/api/channel/update_balance');

/** The upstream's model list: by the stored channel, or by base URL, type and key before saving. */
export function fetchUpstreamModels(source: { id: number } | FetchModelsRequest): Promise<string[]> {
  if ('id' in source) return api.get<string[]>(`/api/channel/fetch_models/${source.id}`);
  return api.post<string[]>('/api/channel/fetch_models', source);
}

/** `GET /api/models`: channel type → its default models ("fill related models"). */
export const fetchModelsByType = () => api.get<Record<string, string[]>>('/api/models');

/** `GET /api/channel/models`: every known model ("fill all models"). */
export const fetchAllModels = async () =>
  (await api.get<Array<{ id: string }>>('/api/channel/models')).map((entry) => entry.id);

/** `GET /api/channel/test/{id}?model=`: the server's message says which model and how long. */
export const testChannel = async (id: number, model?: string) =>
  (await apiRequest<ChannelTestData>('GET', `/api/channel/test/${id}`, { query: { model } })).message;

/** `GET /api/channel/test`: starts testing every channel; answers the server's message. */
export const testAllChannels = async () => (await apiRequest<undefined>('GET', '/api/channel/test')).message;

/** Upstream model updates of channels (issue 37): detect and apply, per channel and for all. */
export const detectModelUpdates = (id: number) =>
  api.post<ModelUpdateDetection>('/api/channel/upstream_updates/detect', { id });
export const applyModelUpdates = (request: ModelUpdateApplyRequest) =>
  api.post<ModelUpdateApplyResult>('/api/channel/upstream_updates/apply', request);
export const applyAllModelUpdates = () =>
  api.post<ModelUpdateApplyAllResult>('/api/channel/upstream_updates/apply_all');
export const detectAllModelUpdates = () =>
  api.post<{ task_id: string; status: string }>('/api/channel/upstream_updates/detect_all');

export interface MultiKeyStatusQuery {
  page: number;
  pageSize: number;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically; null every key */
  status: number | null;
}

/** `POST /api/channel/multi_key/manage` with `get_key_status`: one page of a multi-key channel's keys. */
export async function fetchKeyStatus(channelId: number, query: MultiKeyStatusQuery): Promise<MultiKeyStatusPage> {
  const body = {
    channel_id: channelId,
    action: 'get_key_status',
    page: query.page,
    page_size: query.pageSize,
    ...(query.status === null ? {} : { status: query.status }),
  };
  return (await apiRequest<MultiKeyStatusPage>('POST', '/api/channel/multi_key/manage', { body })).data;
}

/** Any other action; answers the server's (localised) message. */
export async function manageKeys(
  channelId: number,
  action: Exclude<MultiKeyAction, 'get_key_status'>,
  keyIndex?: number,
): Promise<string> {
  const body = { channel_id: channelId, action, ...(keyIndex === undefined ? {} : { key_index: keyIndex }) };
  return (await apiRequest<unknown>('POST', '/api/channel/multi_key/manage', { body })).message;
}
