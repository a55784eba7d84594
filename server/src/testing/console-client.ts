import type { ApiEnvelope } from '@switchboard/contract';
import type { TestServer } from './test-server';

/** JSON console calls (`/api` + path) of one signed-in client, answering the parsed envelope. */
export function consoleClient(
  server: Pick<TestServer, 'call'>,
  headers: Record<string, string>,
  language: 'en' | 'zh' = 'en',
) {
  return async <T>(method: string, path: string, body?: unknown): Promise<ApiEnvelope<T> & Record<string, unknown>> => {
    const response = await server.call(`/api${path}`, {
      method,
      headers: {
        ...headers,
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as ApiEnvelope<T> & Record<string, unknown>;
  };
}

export type ConsoleClient = ReturnType<typeof consoleClient>;
