import { EPAY_NOTIFY_PATH } from '@switchboard/contract';
import type { FastifyReply } from 'fastify';
import type { ConsoleApp } from '../console-app';
import type { EpayService } from './epay-service';

/** Only the string values of a query or form: anything else is not an epay parameter. */
function stringParams(source: unknown): Record<string, string> {
  if (!source || typeof source !== 'object') return {};
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * A route the epay gateway calls without a session (`GET|POST`): its parameters in the query or as
 * a form, handed to `handle` as one record.
 */
export function registerEpayCallback(
  app: ConsoleApp,
  url: string,
  handle: (params: Record<string, string>, reply: FastifyReply) => Promise<unknown>,
): void {
  void app.register(async (scope) => {
    // Encapsulated: form bodies are parsed for this route only.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.route({
      method: ['GET', 'POST'],
      url,
      handler: (request, reply) => handle({ ...stringParams(request.query), ...stringParams(request.body) }, reply),
    });
  });
}

/** The top-up notification, `GET|POST /api/user/epay/notify`: answered with the plain text epay expects, `success` or `fail`. */
export function registerEpayNotifyRoutes(app: ConsoleApp, epay: EpayService): void {
  registerEpayCallback(app, EPAY_NOTIFY_PATH, async (params, reply) =>
    reply.type('text/plain; charset=utf-8').send(await epay.notify(params)),
  );
}
