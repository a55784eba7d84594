import type { LogView } from '@switchboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { columnHeaders, expectTextsIn, searchOf } from '../../testing/page-queries';
import LogPage from './log-page';
import { adminUser, commonUser, logServer, logView } from '../../testing/log-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/log', element: <LogPage /> }];
const listCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/log/') && !request.url.includes('stat'));

describe('log page', () => {
  eachTestIn('en');

  it('shows administrators every entry with channel, user and retry, the summary and coloured durations', async () => {
    const requests = mockFetch(logServer([logView()]));
    const before = Math.floor(Date.now() / 1000);
    renderApp(routes, { path: '/log', user: adminUser });
    const table = await screen.findByTestId('log-table');
    await within(table).findByText('alice');
    expect(within(table).getByText('Channels: 4 → 5')).toBeTruthy();
    expect(columnHeaders(table)).toEqual(expect.arrayContaining(['Channel', 'User', 'Retry']));
    expect(screen.getByTestId('log-use-time').getAttribute('data-level')).toBe('orange');
    expect(screen.getByTestId('log-first-token').getAttribute('data-level')).toBe('green');
    expect(screen.getByTestId('log-stream').textContent).toBe('Stream');
    expect(screen.getByTestId('log-quota').textContent).toBe('$0.0001');
    await waitFor(() => expect(screen.getByTestId('log-stat-quota').textContent).toBe('Consumed: $2.00'));
    expect(screen.getByTestId('log-stat-rpm').textContent).toBe('RPM: 3');
    expect(screen.getByTestId('log-stat-tpm').textContent).toBe('TPM: 1234');

    const query = searchOf(listCalls(requests)[0]);
    expect(Number(query.get('start_timestamp'))).toBeGreaterThanOrEqual(before - 86_400);
    expect(Number(query.get('start_timestamp'))).toBeLessThanOrEqual(before - 86_400 + 5);
    expect(Number(query.get('end_timestamp')) - Number(query.get('start_timestamp'))).toBe(86_400 + 3600);
    expect(query.get('type')).toBe('0');
  });

  /** Shows one entry to an administrator and expands its billing detail. */
  async function expandedDetail(entry: LogView): Promise<HTMLElement> {
    mockFetch(logServer([entry]));
    renderApp(routes, { path: '/log', user: adminUser });
    const table = await screen.findByTestId('log-table');
    await within(table).findByText('alice');
    fireEvent.click(table.querySelector('.ant-table-row-expand-icon') as Element);
    return screen.findByTestId('log-detail');
  }

  it('expands a row to its billing detail', async () => {
    const detail = await expandedDetail(logView());
    expectTextsIn(detail, [
      'Model ratio 1.25, completion ratio 4, group ratio 0.5',
      '(10 + 20 × 4) × 1.25 × 0.5 = 56.25',
      '2500 ms',
      'gpt-4o → gpt-4o-2024-08-06',
      '4 → 5',
    ]);
  });

  it('says in the billing detail that a model without a price was billed at the fallback ratio', async () => {
    const other = JSON.stringify({
      model_ratio: 37.5,
      completion_ratio: 1,
      group_ratio: 1,
      model_price: -1,
      unpriced_model: 'fallback-ratio',
    });
    const detail = await expandedDetail(logView({ other }));
    expect(detail.textContent).toContain(
      'No price setBilled at the fallback model ratio 37.5 (the user accepts models without a price)',
    );
  });

  it('opens the user information dialog from the username', async () => {
    const requests = mockFetch(logServer([logView()]));
    renderApp(routes, { path: '/log', user: adminUser });
    fireEvent.click(await screen.findByTestId('log-username'));
    const dialog = await screen.findByTestId('log-user-dialog');
    expect(requests.some((request) => request.url === '/api/user/7')).toBe(true);
    expectTextsIn(dialog, ['alice', '$3.00', '$0.50', '42', 'vip']);
  });

  it('shows the refusal the server gives inside the dialog when the user may not be read', async () => {
    const refusal = 'No permission to act on a user of the same or a higher role';
    const answer = logServer([logView({ user_id: 1, username: 'root' })]);
    mockFetch((request) =>
      request.url === '/api/user/1' ? { body: { success: false, message: refusal } } : answer(request),
    );
    renderApp(routes, { path: '/log', user: adminUser });
    fireEvent.click(await screen.findByTestId('log-username'));
    const error = await screen.findByTestId('log-user-dialog-error');
    expect(error.textContent).toContain(refusal);
    expect(screen.queryByTestId('log-user-dialog')).toBeNull();
  });

  it('gives common users their own entries without admin columns, and sends their filters', async () => {
    const requests = mockFetch(
      logServer([
        logView({
          channel: 0,
          channel_name: '',
          other: JSON.stringify({ model_price: 0.02, group_ratio: 1, frt: 12_000 }),
        }),
      ]),
    );
    renderApp(routes, { path: '/log', user: commonUser });
    const table = await screen.findByTestId('log-table');
    await within(table).findByText('gpt-4o');
    expect(listCalls(requests)[0]?.url).toMatch(/^\/api\/log\/self\/\?/);
    expect(screen.queryByTestId('log-username')).toBeNull();
    expect(columnHeaders(table)).not.toContain('Channel');
    expect(columnHeaders(table)).not.toContain('Retry');
    expect(screen.queryByTestId('log-filter-channel')).toBeNull();
    expect(screen.getByTestId('log-first-token').getAttribute('data-level')).toBe('red');

    fireEvent.change(screen.getByTestId('log-filter-model_name'), { target: { value: ' gpt-4o-mini ' } });
    fireEvent.click(screen.getByTestId('log-search'));
    await waitFor(() => expect(searchOf(listCalls(requests).at(-1)).get('model_name')).toBe('gpt-4o-mini'));
    expect(searchOf(listCalls(requests).at(-1)).has('username')).toBe(false);

    fireEvent.click(table.querySelector('.ant-table-row-expand-icon') as Element);
    const detail = await screen.findByTestId('log-detail');
    expect(detail.textContent).toContain('Model price $0.02 per call, group ratio 1');
    expect(detail.textContent).toContain('0.02 × 500000 × 1 = 10000');
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    mockFetch(logServer([logView()]));
    renderApp(routes, { path: '/log', user: commonUser });
    expect(await screen.findByText('使用日志')).toBeTruthy();
    expect((await screen.findByTestId('log-stream')).textContent).toBe('流');
  });
});
