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
export const createModelMeta = (body: ModelMetaBody) => api.post<ModelMetaView>('/api/models/', body);
export const updateModelMeta = (body: ModelMetaBody) => api.put<ModelMetaView>('/api/models/', body);
export const setModelMetaStatus = (id: number, status: 0 | 1) =>
  api.put<ModelMetaView>('/api/models/', { id, status }, { query: { status_only: 'true' } });
export const deleteModelMeta = (id: number) => api.delete<undefined>(`/api/models/${id}`);

/** The vendors for pickers and the vendor tab (the largest page the server gives). */
export const fetchVendors = (page = 1, size = 100) =>
  api.get<PageData<VendorView>>('/api/vendors/', { query: { p: page, page_size: size } });
export const createVendor = (body: VendorBody) => api.post<VendorView>('/api/vendors/', body);
export const updateVendor = (body: VendorBody) => api.put<VendorView>('/api/vendors/', body);
export const deleteVendor = (id: number) => api.delete<undefined>(`/api/vendors/${id}`);

export const fetchPrefillGroups = (type?: string) =>
  api.get<PrefillGroupView[]>('/api/prefill_group/', { query: { type } });
export const createPrefillGroup = (body: PrefillGroupBody) => api.post<PrefillGroupView>('/api/prefill_group/', body);
export const updatePrefillGroup = (body: PrefillGroupBody) => api.put<PrefillGroupView>('/api/prefill_group/', body);
export const deletePrefillGroup = (id: number) => api.delete<undefined>(`/api/prefill_group/${id}`);
