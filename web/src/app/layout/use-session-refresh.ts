import type { SessionUser } from '@switchboard/contract';
import { useEffect } from 'react';
import { useSelf } from '../../api/resources/self';
import { setStoredUser } from '../../api/session';

const sessionFields = ['id', 'username', 'display_name', 'role', 'status', 'group'] as const;

/**
 * Checks the session with `GET /api/user/self` when the console opens. A dead session answers
 * 401, which the HTTP client turns into /login?expired=true; a live one refreshes the stored
 * user, so a role changed by an administrator shows without signing in again.
 */
export function useSessionRefresh(user: SessionUser | null): void {
  const { self: data } = useSelf({ staleTime: 60_000 });
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
