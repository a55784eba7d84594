import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors';
import { jsonBodyProblem, urlHoldsNul } from '../platform/json-guard';
import { fill } from '../platform/text';
import type { ConsoleApp } from './console-app';
import { messages } from '../platform/i18n/catalogue';

/** Drops object fields whose value is null; nulls inside lists stay, they are values there. */
function withoutNullFields(this: unknown, _key: string, value: unknown): unknown {
  return value === null && !Array.isArray(this) ? undefined : value;
}

/**
 * How every console body is read, once for all routes. The reference binds JSON the way Go does:
 * a field sent as `null` is the same as a field left out, and a call without a body (a DELETE or
 * GET sent by a wrapper that always sets `Content-Type: application/json`) is simply bodiless.
 */
export function parseConsoleJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text, withoutNullFields) as unknown;
  } catch (error) {
    throw new AppError(fill(messages.common.invalidParameter, { detail: (error as Error).message }));
  }
}

/**
 * Replaces Fastify's JSON parser inside the console scope (the relay keeps its own: nulls matter
 * there). A body with a NUL character, deeper nesting or more elements than platform/json-guard.ts
 * allows is refused with 400 before it is parsed, and so is a NUL in the path or the query.
 */
export function useConsoleJsonBodies(app: ConsoleApp): void {
  app.addHook('onRequest', async (request) => {
    if (urlHoldsNul(request.url)) throw new AppError(messages.jsonGuard.nul, { status: 400, code: 'invalid_request' });
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    async (_request: FastifyRequest, body: string | Buffer) => {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const problem = jsonBodyProblem(bytes);
      if (problem) throw new AppError(problem, { status: 400, code: 'invalid_request_body' });
      return parseConsoleJson(bytes.toString());
    },
  );
}
