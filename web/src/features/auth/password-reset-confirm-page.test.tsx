import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import PasswordResetConfirmPage from './password-reset-confirm-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/user/reset', element: <PasswordResetConfirmPage /> }];

describe('password reset confirmation', () => {
  eachTestIn('en');

  it('sends email and token, shows the new password once and copies it', async () => {
    const requests = mockFetch(() => ok('0a1b2c3d4e5f'));
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(routes, { path: '/user/reset?email=a%40example.com&token=abc123' });
    fireEvent.click(await screen.findByTestId('reset-confirm'));
    const shown = await screen.findByTestId('reset-new-password');
    expect((shown as HTMLInputElement).value).toBe('0a1b2c3d4e5f');
    // Shown, not masked behind dots.
    expect((shown as HTMLInputElement).type).toBe('text');
    expect(requests.find((request) => request.url === '/api/user/reset')?.body).toEqual({
      email: 'a@example.com',
      token: 'abc123',
    });
    expect(writeText).toHaveBeenCalledWith('0a1b2c3d4e5f');
    expect(screen.queryByTestId('reset-confirm')).toBeNull();
  });

  it('cannot confirm an incomplete link', async () => {
    const requests = mockFetch(() => ok());
    renderApp(routes, { path: '/user/reset?email=a%40example.com' });
    expect(await screen.findByText('The reset link is incomplete; open the link from the mail again')).toBeTruthy();
    expect((screen.getByTestId('reset-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(requests.filter((request) => request.url === '/api/user/reset')).toHaveLength(0);
  });
});
