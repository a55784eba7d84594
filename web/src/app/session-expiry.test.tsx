import { Role } from '@switchboard/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/http-client';
import { getStoredUser } from '../api/session';
import { defaultStatus } from '../api/resources/status';
import { changeLanguage } from '../i18n';
import { mockFetch, ok } from '../testing/fetch-mock';
import { renderApp } from '../testing/render-app';
import { routes } from './routes';
import { leaveForLoginOnUnauthorized } from './session-expiry';

describe('console session', () => {
  beforeEach(async () => {
    await changeLanguage('zh');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('an expired session on a console page ends on /login?expired=true', async () => {
    mockFetch(({ url }) =>
      url === '/api/status' ? ok(defaultStatus) : { status: 401, body: { success: false, message: '' } },
    );
    const { router } = renderApp(routes, { path: '/log', user: { id: 2, role: Role.Common } });
    leaveForLoginOnUnauthorized(router);

    await vi.waitFor(
      () => expect(router.state.location.pathname + router.state.location.search).toBe('/login?expired=true'),
      // The login page is loaded lazily: on a loaded CI machine that can take seconds.
      { timeout: 15_000 },
    );
    expect(await screen.findByTestId('login-expired', {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?expired=true');
    expect(getStoredUser()).toBeNull();
  });

  it('a live session refreshes the stored user, so a new role shows at once', async () => {
    const self = { id: 2, username: 'alice', display_name: 'Alice', role: Role.Admin, status: 1, group: 'vip' };
    const requests = mockFetch(({ url }) => (url === '/api/user/self' ? ok(self) : ok(defaultStatus)));
    renderApp(routes, { path: '/log', user: { id: 2, role: Role.Common } });

    expect(await screen.findByTestId('sidebar-channel')).toBeTruthy();
    expect(getStoredUser()).toMatchObject({ role: Role.Admin, display_name: 'Alice', group: 'vip' });
    expect(requests.find((request) => request.url === '/api/user/self')?.headers.get('New-Api-User')).toBe('2');
  });
});
