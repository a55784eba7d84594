import { useQuery } from '@tanstack/react-query';
import { api, validated, type ReplySchema } from '../http-client';

export const GROUPS_QUERY_KEY = ['groups'] as const;

const groupNamesSchema: ReplySchema<string[]> = {
  safeParse: (value) =>
    Array.isArray(value) && value.every((name) => typeof name === 'string')
      ? { success: true, data: value as string[] }
      : { success: false },
};

/**
 * `GET /api/group/`: the group names, for suggestions in the channel and user editors. Quiet, since
 * both still work with typed-in groups; a reply that is not a list of names is refused.
 */
export const fetchGroups = async (): Promise<string[]> =>
  validated(groupNamesSchema, await api.get<unknown>('/api/group/', { quiet: true }));

/** The group names, or an empty list while they load or when they cannot be read. */
export function useGroups(): string[] {
  const query = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: fetchGroups, retry: false, staleTime: 5 * 60_000 });
  return query.data ?? [];
}
