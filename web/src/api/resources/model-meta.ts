import type {
  ModelMetaBody,
  ModelMetaView,
  PageData,
  PrefillGroupBody,
  PrefillGroupView,
  VendorBody,
  VendorView,
} from '@switchboard/contract';
import { api } from '../http-client';

/** Every metadata query starts with this key, so one invalidation refreshes models, vendors, groups and missing names. */
export const MODEL_META_QUERY_KEY = ['model-meta'] as const;

/** Saves an entry at `path`: `POST` a new one, `PUT` a stored one with its id. */
const saveTo =
  <Body extends object, View>(path: string) =>
  (body: Body, id?: number) =>
    id === undefined ? api.post<View>(path, body) : api.put<View>(path, { ...body, id });

/** `GET /api/models/`, or `/api/models/search` with a keyword or a vendor. */
export function fetchModelMetas(query: {
  page: number;
  size: number;
  keyword: string;
  vendor?: number;
}): Promise<PageData<ModelMetaView>> {
  const paging = { p: query.page, page_size: query.size };
  const keyword = query.keyword.trim();
  if (!keyword && !query.vendor) return api.get<PageData<ModelMetaView>>('/api/models/', { query: paging });
  return api.get<PageData<ModelMetaView>>('/api/models/search', {
    query: { ...paging, keyword, vendor: query.vendor },
  });
}

export const fetchMissingModels = () => api.get<string[]>('/api/models/missing');
export const saveModelMeta = saveTo<ModelMetaBody, ModelMetaView>('/api/models/');
export const setModelMetaStatus = (id: number, status: 0 | 1) =>
  api.put<ModelMetaView>('/api/models/', { id, status }, { query: { status_only: 'true' } });
export const deleteModelMeta = (id: number) => api.delete<undefined>(`/api/models/${id}`);

/** The vendors for pickers and the vendor tab (the largest page the server gives). */
export const fetchVendors = (page = 1, size = 100) =>
  api.get<PageData<VendorView>>('/api/vendors/', { query: { p: page, page_size: size } });
export const saveVendor = saveTo<VendorBody, VendorView>('/api/vendors/');
export const deleteVendor = (id: number) => api.delete<undefined>(`/api/vendors/${id}`);

export const fetchPrefillGroups = (type?: string) =>
  api.get<PrefillGroupView[]>('/api/prefill_group/', { query: { type } });
export const savePrefillGroup = saveTo<PrefillGroupBody, PrefillGroupView>('/api/prefill_group/');
export const deletePrefillGroup = (id: number) => api.delete<undefined>(`/api/prefill_group/${id}`);
