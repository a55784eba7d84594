import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import ChannelListPage from './channel-list-page';
import { channelView } from '../../testing/channel-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [
  { path: '/channel', element: <ChannelListPage /> },
  { path: '/channel/add', element: <ChannelListPage /> },
  { path: '/channel/edit/:id', element: <ChannelListPage /> },
];
const multiKey = channelView(9, {
  name: 'many',
  channel_info: { is_multi_key: true, multi_key_size: 4, multi_key_polling_index: 0, multi_key_mode: 'polling' },
});

function serve(request: RecordedRequest) {
  if (request.url.startsWith('/api/channel/?')) return ok([], { page: 1, page_size: 10, total: 0 });
  if (request.url === '/api/channel/' && request.method === 'POST') return ok({ ids: [1] });
  if (request.url === '/api/channel/' && request.method === 'PUT') return ok(multiKey);
  if (request.url === '/api/channel/9') return ok(multiKey);
  return ok([]);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the channel editor, multi-key part', () => {
  eachTestIn('en');

  it('creates one multi-key channel from the key lines, in the rotation chosen', async () => {
    const requests = mockFetch(serve);
    const success = vi.spyOn(toast, 'success');
    renderApp(routes, { path: '/channel/add', user: { id: 1, role: Role.Root } });
    await screen.findByTestId('channel-submit');
    type('channel-name-input', 'pool');
    fireEvent.click(screen.getByTestId('channel-multi-to-single'));
    type('channel-key', 'sk-1\nsk-2\nsk-3');
    type('channel-custom-models', 'gpt-4o');
    fireEvent.click(screen.getByTestId('channel-custom-models-add'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(success).toHaveBeenCalled());
    const post = requests.find((request) => request.method === 'POST' && request.url === '/api/channel/');
    expect(post?.body).toMatchObject({
      mode: 'multi_to_single',
      multi_key_mode: 'random',
      name: 'pool',
      key: 'sk-1\nsk-2\nsk-3',
    });
  });

  it('edits a multi-key channel: says how many keys it holds and appends the keys typed', async () => {
    const requests = mockFetch(serve);
    renderApp(routes, { path: '/channel/edit/9', user: { id: 1, role: Role.Root } });
    const notice = await screen.findByTestId('channel-multi-key-notice');
    expect(notice.textContent).toContain('This channel holds 4 keys');
    type('channel-key', 'sk-5');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ id: 9, key: 'sk-5', key_mode: 'append', multi_key_mode: 'polling' });
  });
});
