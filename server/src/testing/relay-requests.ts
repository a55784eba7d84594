import type { TestServer } from './test-server';

/** The headers of a relay call with a JSON body, signed with a caller's key. */
export const bearerJson = (apiKey: string) => ({
  authorization: `Bearer ${apiKey}`,
  'content-type': 'application/json',
});

/** POSTs a JSON body to a relay path with a caller's key. */
export function postRelay(
  server: Pick<TestServer, 'call'>,
  path: string,
  apiKey: string,
  body: unknown,
  init: RequestInit = {},
): Promise<Response> {
  return server.call(path, { method: 'POST', headers: bearerJson(apiKey), body: JSON.stringify(body), ...init });
}
