import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { enforceLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { TokenRepository } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** At most this many ids per batch reveal. */
export const MAX_REVEAL_IDS = 100;

const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const batchBodySchema = z.object({ ids: z.array(z.coerce.number().int().positive()).default([]) });

/**
 * Whole keys on demand (reference §4): one's own tokens only; under the critical limit's numbers
 * (CRITICAL_RATE_LIMIT per CRITICAL_RATE_LIMIT_DURATION), counted per address in a bucket of its own.
 */
export function registerTokenKeyRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const tokens = new TokenRepository(context.database);
  const limited = (request: FastifyRequest) =>
    enforceLimit(
      context,
      `token-key:${request.ip}`,
      context.config.CRITICAL_RATE_LIMIT,
      context.config.CRITICAL_RATE_LIMIT_DURATION,
    );
  const options = { onRequest: limited, preValidation: guards.user };

  app.post('/token/batch/keys', { ...options, schema: { body: batchBodySchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const ids = [...new Set(request.body.ids)];
    if (ids.length === 0) throw new AppError(messages.token.revealIdsMissing);
    if (ids.length > MAX_REVEAL_IDS) throw new AppError(fill(messages.token.revealTooMany, { max: MAX_REVEAL_IDS }));
    const rows = await tokens.keysOf(currentUser(request).id, ids);
    return ok({ keys: Object.fromEntries(rows.map((row) => [String(row.id), row.key])) });
  });

  app.post('/token/:id/key', { ...options, schema: { params: idParamsSchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const [row] = await tokens.keysOf(currentUser(request).id, [request.params.id]);
    if (!row) throw new AppError(messages.token.tokenNotFound);
    return ok({ key: row.key });
  });
}
