import { useQuery } from '@tanstack/react-query';
import { fetchUsableGroupMap, USABLE_GROUPS_QUERY_KEY } from '../../api/resources/self';
import { useSessionUser } from '../../api/session';

export const DEFAULT_PLAYGROUND_MODEL = 'gpt-4o-mini';

export interface UsableGroup {
  name: string;
  description: string;
  ratio: number | null;
}

type GroupMap = Record<string, { desc?: unknown; ratio?: unknown } | undefined>;

/** Reads `GET /api/user/self/groups` (a map of name to description and ratio) into a list. */
export function usableGroupsOf(map: unknown): UsableGroup[] {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  return Object.entries(map as GroupMap).map(([name, detail]) => ({
    name,
    description: typeof detail?.desc === 'string' ? detail.desc : '',
    ratio: typeof detail?.ratio === 'number' ? detail.ratio : null,
  }));
}

/**
 * The groups the signed-in user may choose. When the server cannot list them, the user's own
 * group is still offered.
 */
export function useUsableGroups(): { groups: UsableGroup[]; loading: boolean } {
  const user = useSessionUser();
  const query = useQuery({
    queryKey: USABLE_GROUPS_QUERY_KEY,
    queryFn: async () => usableGroupsOf(await fetchUsableGroupMap()),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const groups = query.data ?? [];
  const own = user?.group ?? '';
  const withOwn =
    own !== '' && !groups.some((group) => group.name === own)
      ? [{ name: own, description: '', ratio: null }, ...groups]
      : groups;
  return { groups: withOwn, loading: query.isLoading };
}
