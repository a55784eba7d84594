import { EPAY_NOTIFY_PATH } from '@switchboard/contract';
import type { ConsoleApp } from '../console-app';
import type { EpayService } from './epay-service';

/** Only the string values of a query or form: anything else is not an epay parameter. */
function stringParams(source: unknown): Record<string, string> {
  if (!source || typeof source !== 'object') return {};
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The gateway's notification, `GET|POST /api/user/epay/notify` without a session: parameters in the
 * query or as a form. The answer is the plain text epay expects, `success` or `fail`.
 */
export function registerEpayNotifyRoutes(app: ConsoleApp, epay: EpayService): void {
  void app.register(async (scope) => {
    // Encapsulated: form bodies are parsed for this route only.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.route({
      method: ['GET', 'POST'],
      url: EPAY_NOTIFY_PATH,
      handler: async (request, reply) => {
        const params = { ...stringParams(request.query), ...stringParams(request.body) };
        const answer = await epay.notify(params);
        return reply.type('text/plain; charset=utf-8').send(answer);
      },
    });
  });
}
