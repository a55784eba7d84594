import type { ApiEnvelope } from '@switchboard/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server';

/** Sends a console request with the client's headers and language, and `body` (when given) as JSON. */
export function sendJson(
  server: Pick<TestServer, 'call'>,
  request: { method: string; path: string; body?: unknown },
  headers: Record<string, string>,
  language: 'en' | 'zh',
): Promise<Response> {
  const { method, path, body } = request;
  return server.call(path, {
    method,
    headers: {
      ...headers,
      'accept-language': language,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** JSON console calls (`/api` + path) of one signed-in client, answering the parsed envelope. */
export function consoleClient(
  server: Pick<TestServer, 'call'>,
  headers: Record<string, string>,
  language: 'en' | 'zh' = 'en',
) {
  return async <T>(method: string, path: string, body?: unknown): Promise<ApiEnvelope<T> & Record<string, unknown>> => {
    const response = await sendJson(server, { method, path: `/api${path}`, body }, headers, language);
    return (await response.json()) as ApiEnvelope<T> & Record<string, unknown>;
  };
}

export type ConsoleClient = ReturnType<typeof consoleClient>;

/** Saves options through the console's option call, as an administrator's client; each must be accepted. */
export async function saveOptions(root: ConsoleClient, options: Record<string, string | number>): Promise<void> {
  for (const [key, value] of Object.entries(options)) {
    const reply = await root('PUT', '/option/', { key, value: String(value) });
    expect(reply.success, `${key}: ${reply.message}`).toBe(true);
  }
}
