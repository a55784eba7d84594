import type { AffinityCacheStats, OptionKey } from '@switchboard/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../http-client';
import { STATUS_QUERY_KEY } from './status';

export const OPTIONS_QUERY_KEY = ['options'] as const;

/** Option values by key, as `GET /api/option/` lists them (secrets are never among them). */
export type OptionValues = Partial<Record<OptionKey, string>>;

export async function fetchOptions(options: { quiet?: boolean } = {}): Promise<OptionValues> {
  const entries = await api.get<Array<{ key: string; value: string }>>('/api/option/', options);
  return Object.fromEntries(entries.map((entry) => [entry.key, entry.value])) as OptionValues;
}

export function useOptions() {
  return useQuery({ queryKey: OPTIONS_QUERY_KEY, queryFn: () => fetchOptions() });
}

/** How a save went: every change stored, none, or some. */
export type SaveOutcome = 'saved' | 'unchanged' | 'failed' | 'partial';

export interface SaveResult {
  outcome: SaveOutcome;
  /** The server's reasons for the refused values. */
  reasons: string[];
}

/** Only the values that differ from what the server holds. */
export function changedValues(before: OptionValues, after: OptionValues): Array<[OptionKey, string]> {
  return (Object.entries(after) as Array<[OptionKey, string]>).filter(([key, value]) => (before[key] ?? '') !== value);
}

/** Saves each changed value with `PUT /api/option/`; the outcome names what the console says. */
export async function saveOptions(changes: Array<[OptionKey, string]>): Promise<SaveResult> {
  if (changes.length === 0) return { outcome: 'unchanged', reasons: [] };
  const results = await Promise.allSettled(
    changes.map(([key, value]) => api.put('/api/option/', { key, value }, { quiet: true })),
  );
  const reasons = results.flatMap((result) =>
    result.status === 'rejected' ? [String((result.reason as Error).message)] : [],
  );
  if (reasons.length === 0) return { outcome: 'saved', reasons };
  return { outcome: reasons.length === changes.length ? 'failed' : 'partial', reasons };
}

/** `POST /api/option/payment_compliance`: root confirms the payment terms (only then are plans sold and Stripe on). */
export const confirmCompliance = () =>
  api.post<{ compliance_confirmed: boolean }>('/api/option/payment_compliance', { confirmed: true });

export const resetPriceTables = () => api.post<undefined>('/api/option/rest_model_ratio');

/**
 * Reloads the options and the public status (system name, logo, footer, flags) after a save; the
 * promise rejects with the reason when the options could not be read back ("refresh failed").
 */
export function useRefreshAfterSave(): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.fetchQuery({ queryKey: OPTIONS_QUERY_KEY, queryFn: () => fetchOptions({ quiet: true }), staleTime: 0 }),
      client.invalidateQueries({ queryKey: STATUS_QUERY_KEY }),
    ]);
  };
}

export const fetchAffinityCacheStats = () => api.get<AffinityCacheStats>('/api/option/channel_affinity_cache');

/** Clears every channel-affinity entry, or those of one rule (which must include its name in its keys). */
export const clearAffinityCache = (target: { all: true } | { ruleName: string }) =>
  api.delete<{ deleted: number }>('/api/option/channel_affinity_cache', {
    query: 'all' in target ? { all: true } : { rule_name: target.ruleName },
  });
