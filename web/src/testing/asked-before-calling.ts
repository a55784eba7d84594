import type { RouteObject } from 'react-router';
import { expect, vi } from 'vitest';
import { toast } from '../components/feedback';
import { mockFetch, ok, type RecordedRequest } from './fetch-mock';
import { renderApp } from './render-app';

/**
 * Opens `path` of `routes` on a server that answers every call, then `submit`s: the page says `message` (an error)
 * and sends no request that `call` picks (by default, none at all).
 */
export async function expectAskedBeforeCalling(
  page: { routes: RouteObject[]; path: string },
  submit: () => unknown,
  message: string,
  call: (request: RecordedRequest) => boolean = () => true,
) {
  const requests = mockFetch(() => ok());
  const error = vi.spyOn(toast, 'error');
  renderApp(page.routes, { path: page.path });
  await submit();
  await vi.waitFor(() => expect(error).toHaveBeenCalledWith(message));
  expect(requests.filter(call)).toHaveLength(0);
}
