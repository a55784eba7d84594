import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../api/session';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import LoginPage from './login-page';
import { eachTestIn } from '../../testing/test-setup';
import { expectAskedBeforeCalling } from '../../testing/asked-before-calling';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/token', element: <p>token list</p> },
  { path: '/log', element: <p>log list</p> },
  { path: '/setting', element: <p>settings</p> },
];
const root = { id: 1, username: 'root', display_name: 'Root User', role: Role.Root, status: 1, group: 'default' };

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

/** Asserts that the console went on to /log, that request `index` posted `body` to `url`, and that alice is stored. */
async function expectAliceSignedIn(requests: RecordedRequest[], index: number, url: string, body: object) {
  expect(await screen.findByText('log list')).toBeTruthy();
  expect(requests[index]).toMatchObject({ url, method: 'POST', body });
  expect(getStoredUser()).toMatchObject({ id: 5, username: 'alice' });
}

describe('login page', () => {
  eachTestIn('zh');

  it('asks for both fields before calling the server', async () => {
    await expectAskedBeforeCalling({ routes, path: '/login' }, () => signIn('root', ''), '请输入用户名和密码');
  });

  it('stores the user and returns to the interrupted page', async () => {
    const requests = mockFetch(() => ok({ ...root, id: 5, username: 'alice', role: Role.Common }));
    const { router } = renderApp(routes, { path: '/login' });
    await router.navigate('/login', { state: { from: '/log' } });
    signIn('alice', 'correct horse');
    await expectAliceSignedIn(requests, 0, '/api/user/login', { username: 'alice', password: 'correct horse' });
  });

  it('asks for the two-factor code when the account has one, and signs in with it (a backup code via the toggle)', async () => {
    const alice = { ...root, id: 5, username: 'alice', role: Role.Common };
    const requests = mockFetch((request) =>
      request.url.startsWith('/api/user/login/2fa')
        ? ok(alice)
        : ok({ require_2fa: true, flow_token: 'flow-1', expires_at: 1 }, { message: '请输入两步验证码' }),
    );
    const { router } = renderApp(routes, { path: '/login' });
    await router.navigate('/login', { state: { from: '/log' } });
    signIn('alice', 'correct horse');
    await screen.findByTestId('two-factor-sign-in');
    expect(getStoredUser()).toBeNull();
    fireEvent.click(screen.getByText('备用码'));
    expect(screen.getByText('输入一个备用码，每个备用码只能使用一次。')).toBeTruthy();
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: 'ABCD-EFGH' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await expectAliceSignedIn(requests, 1, '/api/user/login/2fa', { code: 'ABCD-EFGH', flow_token: 'flow-1' });
  });

  it('warns root about the default password before moving on', async () => {
    mockFetch(() => ok(root));
    const { router } = renderApp(routes, { path: '/login' });
    signIn('root', '123456');
    expect(await screen.findByText('请修改默认密码')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByTestId('default-password-change'));
    expect(await screen.findByText('settings')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=personal');
  });

  it('goes to /token after acknowledging the warning', async () => {
    mockFetch(() => ok(root));
    renderApp(routes, { path: '/login' });
    signIn('root', '123456');
    fireEvent.click(await screen.findByTestId('default-password-acknowledge'));
    expect(await screen.findByText('token list')).toBeTruthy();
  });

  it('stays on the page when the server refuses', async () => {
    mockFetch(() => ({ body: { success: false, message: '用户名或密码错误' } }));
    const error = vi.spyOn(toast, 'error');
    const { router } = renderApp(routes, { path: '/login' });
    signIn('root', 'wrong');
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('用户名或密码错误'));
    expect(router.state.location.pathname).toBe('/login');
    expect(getStoredUser()).toBeNull();
  });

  it('explains an expired session', async () => {
    renderApp(routes, { path: '/login?expired=true' });
    expect((await screen.findByTestId('login-expired')).textContent).toContain('未登录或登录已过期，请重新登录');
  });

  it('hides the form when password login is off and shows only enabled third-party methods', async () => {
    renderApp(routes, {
      path: '/login',
      status: { password_login_enabled: false, github_oauth: true, telegram_oauth: true },
    });
    expect(await screen.findByText('管理员已关闭密码登录，请使用下方的其他方式登录')).toBeTruthy();
    expect(screen.queryByTestId('login-username')).toBeNull();
    expect(screen.getByTestId('sign-in-github')).toBeTruthy();
    expect(screen.getByTestId('sign-in-telegram')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-wechat')).toBeNull();
    expect(screen.queryByTestId('sign-in-linuxdo')).toBeNull();
  });

  it('links to sign-up and password reset', async () => {
    renderApp(routes, { path: '/login' });
    expect((await screen.findByText('立即注册')).closest('a')?.getAttribute('href')).toBe('/register');
    expect(screen.getByText('重置密码').closest('a')?.getAttribute('href')).toBe('/reset');
  });
});
