import type { FastifyRequest } from 'fastify';

/**
 * The request's cookies, parsed on first use: `@fastify/cookie` runs with `hook: false`, so that the
 * relay's API calls, which carry no cookie, do not pay for a parsing hook on every request.
 */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  // Typed as always set, but null until parsed with `hook: false`.
  const parsed = request.cookies as FastifyRequest['cookies'] | null;
  if (parsed) return parsed;
  const header = request.headers.cookie;
  request.cookies = header ? request.server.parseCookie(header) : {};
  return request.cookies;
}
