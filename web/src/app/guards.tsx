import { isAdmin } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionUser } from '../api/session';
import type { LoginRedirectState } from '../features/auth/redirect-target';
import { BackHomeResult } from './back-home-result';

/** Sends a visitor with no stored user to /login, remembering where they were going. */
export function RequireLogin() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

export function NoPermission() {
  const { t } = useTranslation();
  return <BackHomeResult status="403" title={t('noPermission.title')} description={t('noPermission.description')} />;
}

/** Admin pages (role >= 10); others see a no-permission result. Sits inside RequireLogin. */
export function RequireAdmin() {
  const user = useSessionUser();
  if (!user || !isAdmin(user.role)) return <NoPermission />;
  return <Outlet />;
}
