import type { StatusData } from '@switchboard/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { setStoredUser } from '../api/session';
import { STATUS_QUERY_KEY, defaultStatus } from '../api/resources/status';
import { AppRouterProvider } from '../app/app-router-provider';
import { AppProviders } from '../app/providers';

export interface RenderAppOptions {
  path?: string;
  /** Stored as `localStorage.user` before rendering. */
  user?: { id: number; username?: string; role: number };
  /** What `GET /api/status` would have answered. */
  status?: Partial<StatusData>;
}

/** Renders routes in a memory router inside the real providers, with a fresh data cache. */
export function renderApp(routes: RouteObject[], options: RenderAppOptions = {}) {
  if (options.user) {
    setStoredUser({ username: 'someone', display_name: '', status: 1, group: 'default', ...options.user });
  }
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const client = createQueryClient();
  // A fresh status in the cache: pages read it without a request to /api/status.
  client.setQueryData(STATUS_QUERY_KEY, { ...defaultStatus, ...options.status });
  const view = render(
    <AppProviders client={client}>
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}
