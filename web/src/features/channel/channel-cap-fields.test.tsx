import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import ChannelListPage from './channel-list-page';
import { channelView } from '../../testing/channel-fixtures';

const routes = [
  { path: '/channel', element: <ChannelListPage /> },
  { path: '/channel/add', element: <ChannelListPage /> },
  { path: '/channel/edit/:id', element: <ChannelListPage /> },
];
const root = { id: 1, role: Role.Root };

const stored = channelView(5, { name: 'capped', max_concurrency: 8, daily_token_limit: 3_000_000 });

function serve(request: RecordedRequest) {
  if (request.url.startsWith('/api/channel/?')) return ok([], { page: 1, page_size: 10, total: 0 });
  if (request.url === '/api/models') return ok({ '1': ['gpt-4o'] });
  if (request.url === '/api/channel/5') return ok(stored);
  if (request.url === '/api/channel/' && request.method === 'POST') return ok({ ids: [6] });
  if (request.url === '/api/channel/' && request.method === 'PUT') return ok(stored);
  return ok([]);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const sent = (requests: RecordedRequest[], method: string) =>
  requests.find((request) => request.method === method && request.url === '/api/channel/');

// The editor drawers render dozens of fields; happy-dom on a shared machine needs the time.
describe("the channel editor's caps (issue 22)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('explains that a capped channel is passed over and sends the caps typed into a new channel', async () => {
    await changeLanguage('en');
    const requests = mockFetch(serve);
    renderApp(routes, { path: '/channel/add', user: root });
    await screen.findByTestId('channel-submit');
    expect(screen.getByText('Max concurrent requests')).toBeTruthy();
    expect(screen.getByText(/A channel at its cap is passed over for the next channel, not failed/)).toBeTruthy();
    expect(
      screen.getByText(/Once they are used the channel is passed over for the next channel, not failed/),
    ).toBeTruthy();
    type('channel-name-input', 'capped');
    type('channel-key', 'sk-1');
    type('channel-custom-models', 'gpt-4o');
    fireEvent.click(screen.getByTestId('channel-custom-models-add'));
    type('channel-max-concurrency', '4');
    type('channel-daily-token-limit', '2000000');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(sent(requests, 'POST')).toBeDefined());
    expect(sent(requests, 'POST')?.body).toMatchObject({
      name: 'capped',
      max_concurrency: 4,
      daily_token_limit: 2_000_000,
    });
  });

  it("shows a stored channel's caps in Chinese and sends an emptied cap as none", async () => {
    await changeLanguage('zh');
    const requests = mockFetch(serve);
    renderApp(routes, { path: '/channel/edit/5', user: root });
    const concurrency = (await screen.findByTestId('channel-max-concurrency')) as HTMLInputElement;
    expect(screen.getByText('最大并发请求数')).toBeTruthy();
    expect(screen.getByText('每日 Token 上限')).toBeTruthy();
    expect(concurrency.value).toBe('8');
    expect((screen.getByTestId('channel-daily-token-limit') as HTMLInputElement).value).toBe('3000000');
    type('channel-max-concurrency', '');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(sent(requests, 'PUT')).toBeDefined());
    expect(sent(requests, 'PUT')?.body).toMatchObject({ id: 5, max_concurrency: 0, daily_token_limit: 3_000_000 });
  });
});
