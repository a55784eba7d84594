import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { criticalRateLimit } from '../account/critical-limit';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { TokenSelfService } from './token-usage-service';

/** Any web page may ask (the reference's CORS): the key, not a cookie, authenticates. */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET, OPTIONS');
  reply.header('access-control-allow-headers', 'Authorization, Content-Type');
}

/**
 * `GET /api/log/token` and `GET /api/usage/token/` (issue 37; reference §11): a token's holder reads its
 * logs and its balance with `Authorization: Bearer sk-…`, under the critical rate limit.
 */
export function registerTokenSelfServiceRoutes(app: ConsoleApp, context: AppContext): void {
  const tokens = new TokenSelfService(context);
  const limited = {
    preHandler: criticalRateLimit(context),
    onRequest: async (_request: unknown, reply: FastifyReply) => allowAnyOrigin(reply),
  };

  for (const path of ['/log/token', '/usage/token/', '/usage/token']) {
    app.options(path, async (_request, reply) => {
      allowAnyOrigin(reply);
      return reply.status(204).send();
    });
  }

  app.get('/log/token', limited, async (request) => {
    const token = await tokens.authenticate(request.headers.authorization);
    return ok(await tokens.logs(token));
  });

  // The reference answers this one as {code: true, message: "ok", data}.
  for (const path of ['/usage/token/', '/usage/token']) {
    app.get(path, limited, async (request) => {
      const token = await tokens.authenticate(request.headers.authorization);
      return { code: true, message: 'ok', data: tokens.usage(token) };
    });
  }
}
