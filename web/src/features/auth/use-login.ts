import type { LoginRequest, SessionUser } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSecondStep } from '../../api/resources/security';
import { logIn } from '../../api/resources/account';
import { forgetUserQueries } from '../../api/query-client';
import { setStoredUser } from '../../api/session';

const DEFAULT_ROOT_USERNAME = 'root';
const DEFAULT_ROOT_PASSWORD = '123456';

/** True when the typed credentials are the ones the first start creates. */
export function isDefaultRootLogin({ username, password }: LoginRequest): boolean {
  return username === DEFAULT_ROOT_USERNAME && password === DEFAULT_ROOT_PASSWORD;
}

/** Stores a user who just signed in (any way) as `localStorage.user`, dropping the previous user's cached data. */
export function useStoreSignedInUser() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    forgetUserQueries(queryClient);
    setStoredUser(user);
  };
}

/**
 * `POST /api/user/login`; a signed-in user is stored as `localStorage.user`. An account with
 * two-factor answers `{require_2fa, flow_token}` instead and nothing is stored yet.
 */
export function useLogin() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: ({ turnstile, ...credentials }: LoginRequest & { turnstile?: string }) =>
      logIn(credentials, turnstile ?? ''),
    onSuccess: (reply) => {
      if (!isSecondStep(reply)) store(reply);
    },
  });
}
