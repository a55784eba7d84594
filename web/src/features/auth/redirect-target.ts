/** Where a signed-in user lands when nothing else was asked for. */
export const DEFAULT_AFTER_LOGIN = '/token';

/** Router state the login guard leaves for the login page. */
export interface LoginRedirectState {
  from?: string;
}

/** The interrupted page to return to, if it is a safe in-console path; else `/token`. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return DEFAULT_AFTER_LOGIN;
  if (from === '/login' || from.startsWith('/login?')) return DEFAULT_AFTER_LOGIN;
  return from;
}
