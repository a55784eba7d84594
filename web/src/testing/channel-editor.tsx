import { Role } from '@switchboard/contract';
import { fireEvent, screen } from '@testing-library/react';
import ChannelListPage from '../features/channel/channel-list-page';
import { expect, vi } from 'vitest';
import { toast } from '../components/feedback';
import { mockFetch, ok, type RecordedRequest } from './fetch-mock';
import { renderApp } from './render-app';

/** The channel list and the two routes that open its editor drawer over it. */
const channelEditorRoutes = [
  { path: '/channel', element: <ChannelListPage /> },
  { path: '/channel/add', element: <ChannelListPage /> },
  { path: '/channel/edit/:id', element: <ChannelListPage /> },
];

/**
 * Shows the channel list at `path` (/channel/add or /channel/edit/{id}), signed in with `role`; resolves
 * to the editor's submit button once the drawer shows.
 */
export function openChannelEditor(path = '/channel/add', role: number = Role.Root) {
  renderApp(channelEditorRoutes, { path, user: { id: 1, role } });
  return screen.findByTestId('channel-submit');
}

/** Types `value` into the field with this test id. */
export const typeInto = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** Adds models through the editor's custom-model input (names separated by commas). */
export function addCustomModels(names: string) {
  typeInto('channel-custom-models', names);
  fireEvent.click(screen.getByTestId('channel-custom-models-add'));
}

/** The channel create (POST) or update (PUT) the editor sent, if any. */
const sentChannel = (requests: RecordedRequest[], method: 'POST' | 'PUT') =>
  requests.find((request) => request.method === method && request.url === '/api/channel/');

interface ChannelEditorServer {
  /** the channel at /api/channel/{id}, and the answer to an update */
  stored: { id: number };
  /** the ids a create answers */
  createdIds: number[];
  /** `GET /api/models`: model names by channel type */
  modelsByType?: Record<string, string[]>;
}

/** The server an editor test talks to: an empty channel list beneath the drawer, and the channel endpoints. */
export const serveChannelEditor =
  ({ stored, createdIds, modelsByType }: ChannelEditorServer) =>
  (request: RecordedRequest) => {
    if (request.url.startsWith('/api/channel/?')) return ok([], { page: 1, page_size: 10, total: 0 });
    if (modelsByType && request.url === '/api/models') return ok(modelsByType);
    if (request.url === '/api/channel/' && request.method === 'POST') return ok({ ids: createdIds });
    if (request.url === '/api/channel/' && request.method === 'PUT') return ok(stored);
    if (request.url === `/api/channel/${stored.id}`) return ok(stored);
    return ok([]);
  };

/** A new channel of several keys, as typed into the open editor. */
export interface KeyLinesChannel {
  name: string;
  /** the switch that makes key lines several channels (batch) or one multi-key channel */
  mode: 'channel-batch' | 'channel-multi-to-single';
  /** one key a line */
  keys: string;
  baseUrl?: string;
  /** custom models, separated by commas */
  models: string;
}

/**
 * Opens the editor over `serve`, fills in a new channel of several keys and submits it; resolves once
 * the console says it was created, to the create request's body and the success toast's spy.
 */
export async function createKeyLinesChannel(serve: Parameters<typeof mockFetch>[0], channel: KeyLinesChannel) {
  const requests = mockFetch(serve);
  const success = vi.spyOn(toast, 'success');
  await openChannelEditor();
  typeInto('channel-name-input', channel.name);
  fireEvent.click(screen.getByTestId(channel.mode));
  typeInto('channel-key', channel.keys);
  if (channel.baseUrl !== undefined) typeInto('channel-base-url', channel.baseUrl);
  addCustomModels(channel.models);
  fireEvent.click(screen.getByTestId('channel-submit'));
  await vi.waitFor(() => expect(success).toHaveBeenCalled());
  return { body: sentChannel(requests, 'POST')?.body, success };
}
