import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logOut } from '../../api/resources/account';
import { forgetUserQueries } from '../../api/query-client';
import { clearStoredUser } from '../../api/session';
import { toast } from '../../components/feedback';

/** Signs out: `GET /api/user/logout`, forget the stored user, go to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('layout');
  return useCallback(async () => {
    try {
      await logOut();
    } catch {
      // An expired or unreachable session still ends here: forgetting it locally is what counts.
    }
    // Leave the protected page first (rendered at once, not in a transition), so its login
    // guard does not record it as the way back.
    await navigate('/login', { replace: true, flushSync: true });
    clearStoredUser();
    forgetUserQueries(queryClient);
    toast.success(t('logout.done'));
  }, [navigate, queryClient, t]);
}
