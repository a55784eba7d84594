import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { LogClearPanel } from './log-clear-panel';
import { rootUser } from '../../testing/setting-fixtures';
import { eachTestIn } from '../../testing/test-setup';

describe('log history clearing', () => {
  eachTestIn('en');

  it('needs a date first', async () => {
    const requests = mockFetch(() => ok(0));
    const error = vi.spyOn(toast, 'error');
    renderApp([{ path: '/', element: <LogClearPanel /> }], { user: rootUser });
    fireEvent.click(await screen.findByTestId('log-clear'));
    expect(error).toHaveBeenCalledWith('Please choose the time to clear logs before');
    expect(requests).toEqual([]);
  });

  it('clears logs before the chosen time and says how many went', async () => {
    const requests = mockFetch(() => ok(42));
    const success = vi.spyOn(toast, 'success');
    renderApp([{ path: '/', element: <LogClearPanel /> }], { user: rootUser });
    const input =
      (await screen.findByTestId('log-clear-date')).querySelector('input') ??
      screen.getByPlaceholderText('Choose a time');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2026-01-02 03:04:05' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('log-clear'));
    const dialog = await screen.findByText(/will be deleted for good/);
    expect(dialog.textContent).toBe('Logs before 2026-01-02 03:04:05 will be deleted for good.');
    fireEvent.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cleared 42 log entries'));
    const expected = Math.floor(new Date(2026, 0, 2, 3, 4, 5).getTime() / 1000);
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['DELETE', `/api/log/?target_timestamp=${expected}`],
    ]);
  });
});
