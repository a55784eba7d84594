import type { JobStatusView } from '@switchboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import SettingPage from './setting-page';
import { optionServer, rootUser } from '../../testing/setting-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/setting', element: <SettingPage /> }];

const job = (values: Partial<JobStatusView>): JobStatusView => ({
  name: 'channel-health',
  intervalMs: 600_000,
  running: false,
  lastStarted: 0,
  lastFinished: 0,
  lastDurationMs: 0,
  lastOutcome: '',
  lastError: null,
  runCount: 0,
  failureCount: 0,
  ...values,
});

function jobServer(jobs: JobStatusView[]) {
  const options = optionServer();
  return (request: RecordedRequest) => {
    if (request.url.startsWith('/api/job/') && request.method === 'POST') return ok('ran');
    if (request.url.startsWith('/api/job/')) return ok(jobs);
    return options(request);
  };
}

describe('background jobs on the monitoring settings', () => {
  eachTestIn('en');

  it('lists each job with its interval, last outcome and counts, and runs one on request', async () => {
    const requests = mockFetch(
      jobServer([
        job({ lastStarted: 1_700_000_000_000, lastDurationMs: 1234, lastOutcome: 'ok', runCount: 5, failureCount: 1 }),
        job({
          name: 'log-retention',
          intervalMs: 0,
          lastOutcome: 'error',
          lastError: 'database is locked',
          runCount: 2,
          failureCount: 2,
        }),
      ]),
    );
    const success = vi.spyOn(toast, 'success');
    renderApp(routes, { path: '/setting?tab=operation', user: rootUser });
    const table = await screen.findByTestId('job-status');
    const health = (await within(table).findByText('Channel tests')).closest('tr') as HTMLElement;
    expect(within(health).getByText('600 s')).toBeTruthy();
    expect(within(health).getByText('1234 ms')).toBeTruthy();
    expect(within(health).getByText('OK')).toBeTruthy();
    expect(within(health).getByText('5 / 1')).toBeTruthy();
    const retention = within(table).getByText('Log retention').closest('tr') as HTMLElement;
    expect(within(retention).getByText('Off')).toBeTruthy();
    expect(within(retention).getByText('Failed').getAttribute('title')).toBe('database is locked');

    fireEvent.click(within(health).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('OK'));
    expect(requests.some((request) => request.method === 'POST' && request.url === '/api/job/channel-health/run')).toBe(
      true,
    );
  });
});
