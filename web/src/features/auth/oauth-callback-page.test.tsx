import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../api/session';
import { toast } from '../../components/feedback';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { commonUser, startEachTestSignedOutInEnglish } from '../../testing/signed-out';
import { renderApp } from '../../testing/render-app';
import OauthCallbackPage from './oauth-callback-page';

const routes = [
  { path: '/oauth/github', element: <OauthCallbackPage /> },
  { path: '/oauth/linuxdo', element: <OauthCallbackPage /> },
  { path: '/oauth/oidc', element: <OauthCallbackPage /> },
  { path: '/token', element: <p>token list</p> },
  { path: '/setting', element: <p>settings</p> },
];

describe('OAuth callback page', () => {
  startEachTestSignedOutInEnglish();

  it('signs in: stores the user and opens /token, sending code and state once', async () => {
    const user = commonUser({ id: 9, username: 'octocat', display_name: 'Octo' });
    const requests = mockFetch(() => ok(user));
    renderApp(routes, { path: '/oauth/github?code=abc&state=xyz' });
    expect(await screen.findByText('token list')).toBeTruthy();
    expect(getStoredUser()).toMatchObject({ id: 9, username: 'octocat' });
    expect(requests.filter((request) => request.url.startsWith('/api/oauth/'))).toEqual([
      expect.objectContaining({ url: '/api/oauth/github?code=abc&state=xyz' }),
    ]);
  });

  it('asks for the code of an account with two-factor before it signs in', async () => {
    const user = commonUser({ id: 12, username: 'guarded', display_name: 'Guarded' });
    const requests = mockFetch((request) =>
      request.url.startsWith('/api/oauth/') ? ok({ require_2fa: true, flow_token: 'flow-1', expires_at: 0 }) : ok(user),
    );
    renderApp(routes, { path: '/oauth/github?code=abc&state=xyz' });
    fireEvent.change(await screen.findByTestId('two-factor-code'), { target: { value: '123456' } });
    expect(getStoredUser()).toBeNull();
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('token list')).toBeTruthy();
    expect(getStoredUser()).toMatchObject({ id: 12 });
    expect(requests.find((request) => request.url === '/api/user/login/2fa')?.body).toEqual({
      code: '123456',
      flow_token: 'flow-1',
    });
  });

  it('hands an OIDC code and state to /api/oauth/oidc, saying it is signing in with OIDC', async () => {
    const requests = mockFetch(() => ok(commonUser({ id: 11, username: 'alice', display_name: 'Alice' })));
    renderApp(routes, { path: '/oauth/oidc?code=c0de&state=st4te' });
    expect(screen.getByTestId('oauth-progress').textContent).toBe('Signing in with OIDC…');
    expect(await screen.findByText('token list')).toBeTruthy();
    expect(requests.filter((request) => request.url.startsWith('/api/oauth/')).map((request) => request.url)).toEqual([
      '/api/oauth/oidc?code=c0de&state=st4te',
    ]);
  });

  it('binds: the reply message "bind" goes to /setting', async () => {
    mockFetch(() => ({ body: { success: true, message: 'bind' } }));
    renderApp(routes, { path: '/oauth/linuxdo?code=abc&state=xyz' });
    expect(await screen.findByText('settings')).toBeTruthy();
    expect(getStoredUser()).toBeNull();
  });

  it('on failure shows the reason, says it is redirecting and goes to /setting', async () => {
    mockFetch(() => ({ status: 403, body: { success: false, message: 'The state is empty or does not match' } }));
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/oauth/github?code=abc&state=bad' });
    expect(await screen.findByText('Operation failed, redirecting…')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Error: The state is empty or does not match');
    expect(await screen.findByText('settings', {}, { timeout: 4000 })).toBeTruthy();
  });
});
