import type { DataRouter } from 'react-router';
import { EXPIRED_LOGIN_PATH, setUnauthorizedHandler } from '../api/http-client';

/**
 * Makes a 401 move to /login?expired=true in place instead of reloading the document. The
 * render is flushed at once: the router otherwise renders in a transition, and the stored user
 * is cleared right after, which would let the old page's login guard redirect to a plain /login.
 */
export function leaveForLoginOnUnauthorized(router: Pick<DataRouter, 'navigate'>): void {
  setUnauthorizedHandler(() => router.navigate(EXPIRED_LOGIN_PATH, { replace: true, flushSync: true }));
}
