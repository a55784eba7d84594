import type { FastifyRequest } from 'fastify';
import { AppError, messages } from '../platform/errors';
import { fill } from '../platform/text';
import type { ConsoleApp } from './console-app';

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
    throw new AppError(fill(messages.invalidParameter, { detail: (error as Error).message }));
  }
}

/** Replaces Fastify's JSON parser inside the console scope (the relay keeps its own: nulls matter there). */
export function useConsoleJsonBodies(app: ConsoleApp): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, async (_request: FastifyRequest, body: string | Buffer) =>
    parseConsoleJson(body.toString()),
  );
}
