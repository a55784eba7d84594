import type { ApiEnvelope } from '@switchboard/contract';
import type { TestServer } from './test-server';

export type ReferenceReply<T> = ApiEnvelope<T> & { status: number } & Record<string, unknown>;

/**
 * Calls the console API the way the reference product's own console and its users' scripts do:
 * `Content-Type: application/json` on every call, bodiless GET and DELETE included (HTTP wrappers
 * set it always), the `New-Api-User` header, and bodies sent exactly as given, so `null` fields
 * reach the server as `null`. Answers the HTTP status with the parsed envelope.
 */
export function referenceConsoleClient(server: Pick<TestServer, 'call'>, headers: Record<string, string> = {}) {
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<ReferenceReply<T>> => {
    const response = await server.call(path, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as ApiEnvelope<T>) };
  };
}

export type ReferenceConsoleClient = ReturnType<typeof referenceConsoleClient>;
