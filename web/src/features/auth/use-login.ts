import type { LoginRequest, SessionUser } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http-client';
import { forgetUserQueries } from '../../api/query-client';
import { setStoredUser } from '../../api/session';

const DEFAULT_ROOT_USERNAME = 'root';
const DEFAULT_ROOT_PASSWORD = '123456';

/** True when the typed credentials are the ones the first start creates. */
export function isDefaultRootLogin({ username, password }: LoginRequest): boolean {
  return username === DEFAULT_ROOT_USERNAME && password === DEFAULT_ROOT_PASSWORD;
}

/** `POST /api/user/login`; on success the reply is stored as `localStorage.user`. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ turnstile, ...credentials }: LoginRequest & { turnstile?: string }) =>
      api.post<SessionUser>('/api/user/login', credentials, { query: { turnstile: turnstile || undefined } }),
    onSuccess: (user) => {
      forgetUserQueries(queryClient);
      setStoredUser(user);
    },
  });
}
