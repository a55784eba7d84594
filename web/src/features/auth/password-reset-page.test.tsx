import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import PasswordResetPage from './password-reset-page';
import { eachTestIn } from '../../testing/test-setup';
import { expectAskedBeforeCalling } from '../../testing/asked-before-calling';

const routes = [{ path: '/reset', element: <PasswordResetPage /> }];

describe('password reset request', () => {
  eachTestIn('en');

  it('asks for an email before calling the server', async () => {
    await expectAskedBeforeCalling(
      { routes, path: '/reset' },
      async () => fireEvent.click(await screen.findByTestId('reset-submit')),
      'Please enter an email address',
      (request) => request.url.startsWith('/api/reset_password'),
    );
  });

  it('requests the mail, says where it went and waits before sending again', async () => {
    const requests = mockFetch(() => ok());
    renderApp(routes, { path: '/reset' });
    fireEvent.change(await screen.findByTestId('reset-email'), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-sent')).textContent).toContain('a@example.com');
    expect(requests.some((request) => request.url === '/api/reset_password?email=a%40example.com&turnstile=')).toBe(
      true,
    );
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
