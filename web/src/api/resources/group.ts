import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api-error';
import { api } from '../http-client';
import i18n from '../../i18n';

export const GROUPS_QUERY_KEY = ['groups'] as const;

/**
 * `GET /api/group/`: the group names, for suggestions in the channel and user editors. Quiet, since
 * both still work with typed-in groups; a reply that is not a list of names is refused.
 */
export async function fetchGroups(): Promise<string[]> {
  const names = await api.get<unknown>('/api/group/', { quiet: true });
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new ApiError(i18n.t('common:errors.unreadableReply'), 'http', 200);
  }
  return names as string[];
}

/** The group names, or an empty list while they load or when they cannot be read. */
export function useGroups(): string[] {
  const query = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: fetchGroups, retry: false, staleTime: 5 * 60_000 });
  return query.data ?? [];
}
