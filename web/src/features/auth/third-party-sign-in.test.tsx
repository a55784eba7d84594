import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoredUser } from '../../api/session';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { commonUser, startEachTestSignedOutInEnglish } from '../../testing/signed-out';
import { renderApp } from '../../testing/render-app';
import { defaultStatus } from '../../api/resources/status';
import LoginPage from './login-page';
import { authorizeUrl, oidcAuthorizeUrl } from './oauth-redirect';
import { enabledSignInMethods } from './third-party-sign-in';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/token', element: <p>token list</p> },
];

describe('third-party sign-in', () => {
  startEachTestSignedOutInEnglish();

  it('signs in with the code typed into the WeChat dialog', async () => {
    const user = commonUser({ id: 4, username: 'wechat_4', display_name: '' });
    const requests = mockFetch((request) => (request.url.startsWith('/api/oauth/wechat') ? ok(user) : ok()));
    renderApp(routes, { path: '/login', status: { wechat_login: true, wechat_qrcode: 'https://example.com/qr.png' } });
    fireEvent.click(await screen.findByTestId('sign-in-wechat'));
    fireEvent.change(await screen.findByTestId('wechat-code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('token list')).toBeTruthy();
    expect(requests.some((request) => request.url === '/api/oauth/wechat?code=123456')).toBe(true);
    expect(getStoredUser()).toMatchObject({ id: 4 });
  });

  it('builds the GitHub and LinuxDO authorize addresses with the client id and state', () => {
    expect(authorizeUrl('github', 'gh-client', 'st4te')).toBe(
      'https://github.com/login/oauth/authorize?client_id=gh-client&state=st4te&scope=user%3Aemail',
    );
    expect(authorizeUrl('linuxdo', 'ld-client', 'st4te')).toBe(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=ld-client&state=st4te',
    );
  });

  it('shows the OIDC button once OIDC is on and has an authorization endpoint', async () => {
    mockFetch(() => ok());
    renderApp(routes, {
      path: '/login',
      status: {
        oidc_enabled: true,
        oidc_client_id: 'sb',
        oidc_authorization_endpoint: 'https://id.example.com/authorize',
      },
    });
    expect((await screen.findByTestId('sign-in-oidc')).textContent).toContain('OIDC');
    expect(enabledSignInMethods({ ...defaultStatus, oidc_enabled: true, oidc_authorization_endpoint: '' })).toEqual([]);
    expect(
      enabledSignInMethods({
        ...defaultStatus,
        oidc_enabled: false,
        oidc_authorization_endpoint: 'https://id.example.com/authorize',
      }),
    ).toEqual([]);
  });

  it('builds the OIDC authorize address from the discovered endpoint, redirecting to the server address', () => {
    const status = {
      oidc_client_id: 'sb',
      oidc_authorization_endpoint: 'https://id.example.com/authorize?tenant=a',
      server_address: 'https://gw.example.com/',
    };
    const url = new URL(
      oidcAuthorizeUrl({ ...status, github_client_id: '', linuxdo_client_id: '' }, 'st4te', 'http://localhost:3000'),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://id.example.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'a',
      client_id: 'sb',
      redirect_uri: 'https://gw.example.com/oauth/oidc',
      response_type: 'code',
      scope: 'openid profile email',
      state: 'st4te',
    });
    const withoutAddress = new URL(
      oidcAuthorizeUrl(
        { ...status, server_address: '', github_client_id: '', linuxdo_client_id: '' },
        's',
        'http://localhost:3000',
      ),
    );
    expect(withoutAddress.searchParams.get('redirect_uri')).toBe('http://localhost:3000/oauth/oidc');
  });
});
