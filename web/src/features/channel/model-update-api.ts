import type { ModelUpdateApplyAllResult, ModelUpdateApplyRequest, ModelUpdateApplyResult, ModelUpdateDetection } from '@switchboard/contract';
import { api } from '../../api/http-client';

/** Upstream model updates of channels (issue 37): detect and apply, per channel and for all. */
export const detectModelUpdates = (id: number) => api.post<ModelUpdateDetection>('/api/channel/upstream_updates/detect', { id });

export const applyModelUpdates = (request: ModelUpdateApplyRequest) => api.post<ModelUpdateApplyResult>('/api/channel/upstream_updates/apply', request);

export const applyAllModelUpdates = () => api.post<ModelUpdateApplyAllResult>('/api/channel/upstream_updates/apply_all');

export const detectAllModelUpdates = () => api.post<{ task_id: string; status: string }>('/api/channel/upstream_updates/detect_all');
