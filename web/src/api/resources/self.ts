import type { CheckinResult, CheckinStatus, SelfUpdateRequest, UserSetting, UserView } from '@switchboard/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../http-client';
import { useSessionUser } from '../session';

/** The signed-in user (`/api/user/self`): every reader shares the one cache under this key. */
export const SELF_QUERY_KEY = ['user', 'self'] as const;
export const selfQueryKey = (userId: number | undefined) => [...SELF_QUERY_KEY, userId] as const;
export const USABLE_MODELS_QUERY_KEY = ['user', 'models'] as const;
export const USABLE_GROUPS_QUERY_KEY = ['user', 'self-groups'] as const;
export const AFF_QUERY_KEY = ['user', 'aff'] as const;
export const CHECKIN_QUERY_KEY = ['user', 'checkin'] as const;

export const fetchSelf = (signal?: AbortSignal) => api.get<UserView>('/api/user/self', { signal });
/** The signed-in user saves username, display name and (with the current one) password through this call. */
export const updateSelf = (request: SelfUpdateRequest) => api.put<undefined>('/api/user/self', request);
export const deleteSelf = () => api.delete<undefined>('/api/user/self');
export const generateAccessToken = () => api.get<string>('/api/user/token');
export const fetchAffCode = () => api.get<string>('/api/user/aff');
export const transferAffQuota = (quota: number) => api.post<undefined>('/api/user/aff_transfer', { quota });
/** Quiet: the card says "notification settings update failed" with the server's reason (spec 000 §8). */
export const saveNotificationSetting = (setting: UserSetting) =>
  api.put<undefined>('/api/user/setting', setting, { quiet: true });

export const fetchCheckins = (month: string) => api.get<CheckinStatus>('/api/user/checkin', { query: { month } });
export const checkIn = (turnstile: string) =>
  api.post<CheckinResult>('/api/user/checkin', undefined, { query: turnstile ? { turnstile } : {} });

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** `GET /api/user/models`: the models the signed-in user may call; empty when the server cannot say. */
export const fetchUsableModels = async () => stringsOf(await api.get<unknown>('/api/user/models', { quiet: true }));

/** `GET /api/user/self/groups`: a map of group name to description and ratio (read by `usableGroupsOf`). */
export const fetchUsableGroupMap = () => api.get<unknown>('/api/user/self/groups', { quiet: true });

export function useUsableModels(): { models: string[]; loading: boolean } {
  const query = useQuery({
    queryKey: USABLE_MODELS_QUERY_KEY,
    queryFn: fetchUsableModels,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return { models: query.data ?? [], loading: query.isLoading };
}

/**
 * The signed-in user as `GET /api/user/self` answers it: the one copy the layout, the dashboard, the
 * wallet and the settings read, and `addQuota` to show a credit the wallet just made at once (the
 * server may write the new balance to its table a moment later).
 */
export function useSelf(options: { staleTime?: number } = {}) {
  const user = useSessionUser();
  const client = useQueryClient();
  const queryKey = selfQueryKey(user?.id);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchSelf(signal),
    enabled: user !== null,
    staleTime: options.staleTime,
  });
  const addQuota = (added: number) =>
    client.setQueryData<UserView>(queryKey, (current) =>
      current ? { ...current, quota: current.quota + added } : current,
    );
  const refresh = () => client.invalidateQueries({ queryKey: SELF_QUERY_KEY });
  return { query, self: query.data, loading: query.isLoading, addQuota, refresh };
}
