import type { AffinityCacheStats } from '@switchboard/contract';
import { api } from '../../../api/http-client';

export const fetchAffinityCacheStats = () => api.get<AffinityCacheStats>('/api/option/channel_affinity_cache');

/** Clears every entry, or those of one rule (which must include its name in its keys). */
export const clearAffinityCache = (target: { all: true } | { ruleName: string }) =>
  api.delete<{ deleted: number }>('/api/option/channel_affinity_cache', { query: 'all' in target ? { all: true } : { rule_name: target.ruleName } });
