import { Role } from '@switchboard/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import ChannelListPage from './channel-list-page';
import { channelView } from '../../testing/channel-fixtures';
import { responseTimeColours } from './response-time-tag';
import { eachTestIn } from '../../testing/test-setup';

const admin = { id: 1, role: Role.Admin };
const routes = [
  { path: '/channel', element: <ChannelListPage /> },
  { path: '/channel/add', element: <ChannelListPage /> },
];

const channel = channelView;

const statusTime = 1_767_225_600;
/**
 * Channels 1 to 7 by response time: the band each falls in and the text of its tag. Channel 7 was also
 * disabled automatically.
 */
const responseTimes: Array<[milliseconds: number, level: string, text: string]> = [
  [0, 'untested', 'Not tested'],
  [1000, 'fast', '1.00 s'],
  [1001, 'good', '1.00 s'],
  [3000, 'good', '3.00 s'],
  [3001, 'slow', '3.00 s'],
  [5000, 'slow', '5.00 s'],
  [5001, 'bad', '5.00 s'],
];
const autoDisabled = {
  status: 3,
  other_info: JSON.stringify({ status_reason: 'Incorrect API key provided', status_time: statusTime }),
};
const items = [
  ...responseTimes.map(([milliseconds], index) =>
    channel(index + 1, { response_time: milliseconds, ...(index === 6 ? autoDisabled : {}) }),
  ),
  channel(8, { status: 2, used_quota: 1_000_000, balance: 12.5 }),
];

function serve(request: RecordedRequest) {
  if (request.url.startsWith('/api/channel/?') || request.url.startsWith('/api/channel/search'))
    return ok(items, { page: 1, page_size: 10, total: items.length });
  if (request.url.startsWith('/api/group/')) return ok(['default', 'vip']);
  return ok();
}

describe('channel list', () => {
  eachTestIn('en');

  it('shows the columns of spec 001, including status, response time, balance, used quota, priority and weight', async () => {
    mockFetch(serve);
    renderApp(routes, { path: '/channel', user: admin });
    await screen.findByText('channel 8');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'ID',
      'Name',
      'Tag',
      'Groups',
      'Type',
      'Status',
      'Response time',
      'Used / balance',
      'Priority',
      'Weight',
      'Actions',
    ]);
    const row = screen.getByText('channel 8').closest('tr') as HTMLElement;
    expect(within(row).getByTestId('channel-status').textContent).toBe('Disabled');
    expect(within(row).getByTestId('channel-balance').textContent).toBe('$12.50');
    expect(within(row).getByText('$2.00')).toBeTruthy();
    expect(within(row).getByText('OpenAI')).toBeTruthy();
  });

  it('colours the response time at the 1, 3 and 5 second boundaries', async () => {
    mockFetch(serve);
    renderApp(routes, { path: '/channel', user: admin });
    await screen.findByText('channel 8');
    const tags = screen.getAllByTestId('channel-response-time');
    // channel 8 was never tested
    expect(tags.map((tag) => tag.dataset.level)).toEqual([...responseTimes.map(([, level]) => level), 'untested']);
    expect(tags.map((tag) => tag.textContent)).toEqual([...responseTimes.map(([, , text]) => text), 'Not tested']);
    expect(responseTimeColours).toEqual({
      untested: 'default',
      fast: 'green',
      good: 'lime',
      slow: 'yellow',
      bad: 'red',
    });
    for (const tag of tags) {
      const colour = responseTimeColours[tag.dataset.level as keyof typeof responseTimeColours];
      if (colour !== 'default') expect(tag.className).toContain(`ant-tag-${colour}`);
    }
  });

  it('explains an automatic disable in a tooltip with its reason and time', async () => {
    mockFetch(serve);
    renderApp(routes, { path: '/channel', user: admin });
    const row = (await screen.findByText('channel 7')).closest('tr') as HTMLElement;
    const status = within(row).getByTestId('channel-status');
    expect(status.textContent).toBe('Auto-disabled');
    fireEvent.mouseEnter(status);
    const tooltip = await screen.findByTestId('channel-status-reason');
    expect(tooltip.textContent).toBe(
      `Disabled automatically. Reason: Incorrect API key provided. Time: ${new Date(statusTime * 1000).toLocaleString()}`,
    );
  });

  it('searches by keyword, model and group, and sorts by id', async () => {
    const requests = mockFetch(serve);
    renderApp(routes, { path: '/channel', user: admin });
    await screen.findByText('channel 8');
    fireEvent.change(screen.getByTestId('channel-search-keyword'), { target: { value: 'sk-abc' } });
    fireEvent.change(screen.getByTestId('channel-search-model'), { target: { value: 'gpt' } });
    fireEvent.click(screen.getByTestId('channel-search'));
    await vi.waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/api/channel/search'))).toBe(true),
    );
    const search = requests.find((request) => request.url.startsWith('/api/channel/search'));
    expect(search?.url).toContain('keyword=sk-abc');
    expect(search?.url).toContain('p=0');
    expect(search?.url).toContain('model=gpt');
    fireEvent.click(screen.getByTestId('channel-id-sort'));
    await vi.waitFor(() => expect(requests.at(-1)?.url).toContain('id_sort=true'));
  });

  it('asks for a selection before a batch delete or batch tag', async () => {
    mockFetch(serve);
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/channel', user: admin });
    await screen.findByText('channel 8');
    fireEvent.click(screen.getByTestId('channel-batch-mode'));
    fireEvent.click(await screen.findByTestId('channel-batch-tag'));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Please first select channels to tag'));
  });
});
