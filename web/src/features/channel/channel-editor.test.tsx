import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import ChannelListPage from './channel-list-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [
  { path: '/channel', element: <ChannelListPage /> },
  { path: '/channel/add', element: <ChannelListPage /> },
  { path: '/channel/edit/:id', element: <ChannelListPage /> },
];
const stored = {
  id: 7,
  type: 1,
  name: 'stored',
  base_url: 'https://api.example',
  other: '',
  models: 'gpt-4o',
  group: 'default',
  model_mapping: '',
  status: 1,
};

function serve(request: RecordedRequest) {
  if (request.url.startsWith('/api/channel/?')) return ok([], { page: 1, page_size: 10, total: 0 });
  if (request.url === '/api/models') return ok({ '1': ['gpt-4o', 'gpt-4o-mini'], '36': ['suno_music', 'suno_lyrics'] });
  if (request.url === '/api/channel/' && request.method === 'POST') return ok({ ids: [1, 2] });
  if (request.url === '/api/channel/7') return ok(stored);
  return ok([]);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('channel editor', () => {
  eachTestIn('en');

  it('checks the name, key and models before sending', async () => {
    const requests = mockFetch(serve);
    const error = vi.spyOn(toast, 'error');
    renderApp(routes, { path: '/channel/add', user: { id: 1, role: Role.Root } });
    fireEvent.click(await screen.findByTestId('channel-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Please fill in the channel name and key'));
    type('channel-name-input', 'primary');
    type('channel-key', 'sk-1');
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Please select at least one model'));
    type('channel-model-mapping', '{oops');
    type('channel-custom-models', 'gpt-4o');
    fireEvent.click(screen.getByTestId('channel-custom-models-add'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Model mapping must be valid JSON'));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('needs a key to fetch models while creating, and warns about custom models that already exist', async () => {
    mockFetch(serve);
    const error = vi.spyOn(toast, 'error');
    const warning = vi.spyOn(toast, 'warning');
    renderApp(routes, { path: '/channel/add', user: { id: 1, role: Role.Root } });
    fireEvent.click(await screen.findByTestId('channel-fetch-models'));
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith('Please fill in the key'));
    type('channel-custom-models', 'gpt-4o');
    fireEvent.click(screen.getByTestId('channel-custom-models-add'));
    expect(warning).not.toHaveBeenCalled();
    type('channel-custom-models', 'gpt-4o, my-model');
    fireEvent.click(screen.getByTestId('channel-custom-models-add'));
    await vi.waitFor(() => expect(warning).toHaveBeenLastCalledWith('Some models already exist: gpt-4o'));
  });

  it('creates one channel per key line in batch mode', async () => {
    const requests = mockFetch(serve);
    const success = vi.spyOn(toast, 'success');
    renderApp(routes, { path: '/channel/add', user: { id: 1, role: Role.Root } });
    await screen.findByTestId('channel-submit');
    type('channel-name-input', 'fleet');
    fireEvent.click(screen.getByTestId('channel-batch'));
    type('channel-key', 'sk-1\nsk-2');
    type('channel-base-url', 'http://127.0.0.1:9/');
    type('channel-custom-models', 'gpt-4o');
    fireEvent.click(screen.getByTestId('channel-custom-models-add'));
    fireEvent.click(screen.getByTestId('channel-submit'));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Created 2 channel(s)'));
    const post = requests.find((request) => request.method === 'POST' && request.url === '/api/channel/');
    expect(post?.body).toMatchObject({
      mode: 'batch',
      name: 'fleet',
      key: 'sk-1\nsk-2',
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o',
      group: 'default',
      type: 1,
    });
  });

  it.each([
    {
      role: Role.Admin,
      hint: 'Leave empty to keep the current key; changing the type, base URL or address fields needs the key again',
    },
    { role: Role.Root, hint: 'Leave empty to keep the current key' },
  ])('tells an editor of role $role when the stored key may stay', async ({ role, hint }) => {
    mockFetch(serve);
    renderApp(routes, { path: '/channel/edit/7', user: { id: 1, role } });
    await vi.waitFor(() => expect(screen.getByTestId('channel-key').getAttribute('placeholder')).toBe(hint));
  });
});
