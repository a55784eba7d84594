import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoredUser } from '../../api/session';
import { mockFetch, ok } from '../../test-support/fetch-mock';
import { commonUser, startEachTestSignedOutInEnglish } from '../../test-support/signed-out';
import { renderApp } from '../../test-support/render-app';
import LoginPage from './login-page';
import { authorizeUrl } from './oauth-redirect';

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
});
