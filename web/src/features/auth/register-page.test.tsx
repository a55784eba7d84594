import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStorage, removeStorage } from '../../api/local-storage';
import { toast } from '../../components/feedback';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import RegisterPage from './register-page';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <p>login page</p> },
];

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('register page', () => {
  beforeEach(async () => {
    await changeLanguage('en');
    removeStorage('aff');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    [['', 'password1', 'password1'], 'Username and password cannot be empty'],
    [['alice', 'short', 'short'], 'The password must be 8 to 20 characters long'],
    [['alice', 'password1', 'password2'], 'The two passwords do not match'],
  ])('refuses %o with "%s" before calling the server', async ([username, password, password2], message) => {
    const requests = mockFetch(() => ok());
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/register' });
    fill('register-username', username ?? '');
    fill('register-password', password ?? '');
    fill('register-password2', password2 ?? '');
    fireEvent.click(screen.getByTestId('register-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(message));
    expect(requests.filter((request) => request.url.startsWith('/api/user/register'))).toHaveLength(0);
  });

  it('keeps ?aff= and sends it with the sign-up, then opens the login page', async () => {
    const requests = mockFetch(() => ok());
    renderApp(routes, { path: '/register?aff=Ab12' });
    await vi.waitFor(() => expect(readStorage('aff')).toBe('Ab12'));
    fill('register-username', 'alice');
    fill('register-password', 'password1');
    fill('register-password2', 'password1');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(requests.find((request) => request.url.startsWith('/api/user/register'))?.body).toEqual({
      username: 'alice',
      password: 'password1',
      password2: 'password1',
      email: '',
      verification_code: '',
      aff_code: 'Ab12',
    });
  });

  it('with email verification asks for the code, sends it and counts down 30 seconds', async () => {
    const requests = mockFetch(() => ok());
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/register', status: { email_verification: true } });
    fill('register-username', 'alice');
    fill('register-password', 'password1');
    fill('register-password2', 'password1');
    fireEvent.click(screen.getByTestId('register-submit'));
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Please enter your email address and the verification code'),
    );
    fill('register-email', 'alice@example.com');
    fireEvent.click(screen.getByTestId('send-code'));
    await vi.waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/Resend \(\d+ s\)/));
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(true);
    expect(requests.some((request) => request.url === '/api/verification?email=alice%40example.com&turnstile=')).toBe(
      true,
    );
  });

  it('says so when registration is closed', async () => {
    renderApp(routes, { path: '/register', status: { register_enabled: false } });
    expect((await screen.findByTestId('register-closed')).textContent).toBe(
      'The administrator has turned off new registration',
    );
    expect(screen.queryByTestId('register-submit')).toBeNull();
  });
});
