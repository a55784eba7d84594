import type { SessionUser, UserView } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/http-client';
import { setStoredUser } from '../../api/session';

export const SELF_QUERY_KEY = ['user', 'self'] as const;

const sessionFields = ['id', 'username', 'display_name', 'role', 'status', 'group'] as const;

/**
 * Checks the session with `GET /api/user/self` when the console opens. A dead session answers
 * 401, which the HTTP client turns into /login?expired=true; a live one refreshes the stored
 * user, so a role changed by an administrator shows without signing in again.
 */
export function useSessionRefresh(user: SessionUser | null): void {
  const self = useQuery({
    queryKey: [...SELF_QUERY_KEY, user?.id],
    queryFn: ({ signal }) => api.get<UserView>('/api/user/self', { signal }),
    enabled: user !== null,
    staleTime: 60_000,
  });

  const data = self.data;
  useEffect(() => {
    if (!data || !user || data.id !== user.id) return;
    const fresh: SessionUser = {
      id: data.id,
      username: data.username,
      display_name: data.display_name,
      role: data.role,
      status: data.status,
      group: data.group,
    };
    if (sessionFields.some((field) => fresh[field] !== user[field])) setStoredUser(fresh);
  }, [data, user]);
}
