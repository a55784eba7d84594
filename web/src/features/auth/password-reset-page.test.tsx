import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import PasswordResetPage from './password-reset-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/reset', element: <PasswordResetPage /> }];

describe('password reset request', () => {
  eachTestIn('en');

  it('asks for an email before calling the server', async () => {
    const requests = mockFetch(() => ok());
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/reset' });
    fireEvent.click(await screen.findByTestId('reset-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Please enter an email address'));
    expect(requests.filter((request) => request.url.startsWith('/api/reset_password'))).toHaveLength(0);
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
