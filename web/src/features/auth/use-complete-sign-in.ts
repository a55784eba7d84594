import type { SessionUser } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetUserQueries } from '../../api/query-client';
import { setStoredUser } from '../../api/session';
import { DEFAULT_AFTER_LOGIN } from './redirect-target';

/** Stores a user a third-party sign-in answered with and opens the token page. */
export function useCompleteSignIn(): (user: SessionUser) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user) => {
    forgetUserQueries(queryClient);
    setStoredUser(user);
    void navigate(DEFAULT_AFTER_LOGIN, { replace: true });
  };
}
