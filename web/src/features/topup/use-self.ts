import type { UserView } from '@switchboard/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../api/session';
import { SELF_QUERY_KEY } from '../../app/layout/use-session-refresh';
import { fetchSelf } from '../../api/resources/topup';

/** The signed-in user as `GET /api/user/self` answers it, and a way to add quota the wallet just credited. */
export function useSelf() {
  const user = useSessionUser();
  const client = useQueryClient();
  const queryKey = [...SELF_QUERY_KEY, user?.id];
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetchSelf(signal), enabled: user !== null });
  // The server may write the new balance to its table a moment later; show the credit at once.
  const addQuota = (added: number) =>
    client.setQueryData<UserView>(queryKey, (current) => (current ? { ...current, quota: current.quota + added } : current));
  return { self: query.data, loading: query.isLoading, addQuota };
}
