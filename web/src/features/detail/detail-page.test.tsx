import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import DetailPage from './detail-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/detail', element: <DetailPage /> }];
const hour = 1_900_000_800 - (1_900_000_800 % 3600);
const points = [
  { model_name: 'gpt-4o', created_at: hour, count: 2, token_used: 300, quota: 250_000 },
  { model_name: 'claude', created_at: hour, count: 1, token_used: 100, quota: 1_000_000 },
  { model_name: 'gpt-4o', created_at: hour + 3600, count: 3, token_used: 30, quota: 250_000 },
];
const topTokens = [
  { name: 'laptop', quota: 96_070, count: 4 },
  { name: '', quota: 10, count: 1 },
];
const topUsers = [{ name: 'alice', quota: 1_500_000, count: 6 }];
const isTop = (request: RecordedRequest) => request.url.includes('/top_');
const usageServer = (request: RecordedRequest) => {
  if (request.url.startsWith('/api/data/self/top_tokens')) return ok(topTokens);
  if (request.url.startsWith('/api/data/top_users')) return ok(topUsers);
  return request.url.startsWith('/api/data')
    ? ok(points)
    : { status: 404, body: { success: false, message: 'no such API' } };
};
/** The usage calls (the top lists are asked for beside them). */
const dataCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/data') && !isTop(request));

describe('data dashboard', () => {
  eachTestIn('en');

  it('says it is turned off, and asks nothing, while its flag is off', async () => {
    const requests = mockFetch(usageServer);
    renderApp(routes, { path: '/detail', user: { id: 7, role: 1 }, status: { enable_data_export: false } });
    expect((await screen.findByTestId('detail-disabled')).textContent).toContain('The data dashboard is turned off');
    expect(dataCalls(requests)).toEqual([]);
  });

  it('shows a user their own totals and the breakdown by model, largest first', async () => {
    const requests = mockFetch(usageServer);
    renderApp(routes, {
      path: '/detail',
      user: { id: 7, role: 1 },
      status: { enable_data_export: true, data_export_default_time: 'day' },
    });
    await waitFor(() => expect(screen.getByTestId('detail-total-count').textContent).toContain('6'));
    expect(screen.getByTestId('detail-total-quota').textContent).toContain('$3.00');
    expect(screen.getByTestId('detail-total-tokens').textContent).toContain('430');
    const rows = within(screen.getByTestId('detail-model-table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['claude$2.001100', 'gpt-4o$1.005330']);
    expect(dataCalls(requests)[0]?.url).toMatch(/^\/api\/data\/self\?start_timestamp=\d+&end_timestamp=\d+$/);
    const selected = screen.getByTestId('detail-granularity').querySelector('.ant-segmented-item-selected');
    expect(selected?.textContent).toBe('Day');
  });

  it('lets administrators ask for one username', async () => {
    const requests = mockFetch(usageServer);
    renderApp(routes, { path: '/detail', user: { id: 1, role: 100 }, status: { enable_data_export: true } });
    await waitFor(() => expect(screen.getByTestId('detail-total-count').textContent).toContain('6'));
    expect(dataCalls(requests)[0]?.url).toMatch(/^\/api\/data\/\?/);
    fireEvent.change(screen.getByTestId('detail-filter-username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByTestId('detail-search'));
    await waitFor(() => expect(dataCalls(requests).at(-1)?.url).toContain('username=alice'));
  });

  it('ranks tokens (and, for administrators, users) by consumption, money rounded to four decimals', async () => {
    mockFetch(usageServer);
    renderApp(routes, { path: '/detail', user: { id: 1, role: 100 }, status: { enable_data_export: true } });
    const tokens = await screen.findByTestId('detail-top-tokens');
    const rows = within(tokens).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1laptop$0.19214', '2(no token)<$0.00011']);
    const users = await screen.findByTestId('detail-top-users');
    expect(within(users).getAllByRole('row')[1]?.textContent).toBe('1alice$3.006');
  });

  it('reads "—" for statistics not known yet, and offers a retry when the usage fails to load', async () => {
    let fail = true;
    mockFetch((request) =>
      request.url.startsWith('/api/data/') && !isTop(request) && fail
        ? { status: 500, body: { success: false, message: 'database is down' } }
        : usageServer(request),
    );
    renderApp(routes, { path: '/detail', user: { id: 7, role: 1 }, status: { enable_data_export: true } });
    expect(screen.getByTestId('detail-total-quota').textContent).toContain('—');
    const retry = await screen.findByTestId('load-retry');
    expect(screen.getByTestId('detail-total-count').textContent).toContain('—');
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('detail-total-count').textContent).toContain('6'));
  });
});
