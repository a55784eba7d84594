import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { STATUS_QUERY_KEY } from './resources/status';

/** Retries only what may pass on a second try: lost connections and gateway hiccups. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.status === 502 || error.status === 503 || error.status === 504;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Drops everything cached for the previous user; the public system status stays. */
export function forgetUserQueries(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== STATUS_QUERY_KEY[0] });
}
