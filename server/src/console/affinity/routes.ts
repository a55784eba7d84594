import { z } from 'zod';
import { AffinityRequestError, type AffinityCacheAdmin } from '../../domain/affinity-cache';
import { AppError } from '../../platform/errors';
import type { Text } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { messages } from '../../platform/i18n/catalogue';

const badRequest = (text: Text) => new AppError(text, { status: 400, code: 'invalid_request' });

const clearQuery = z.object({ all: z.string().optional(), rule_name: z.string().max(200).optional() });
const usageQuery = z.object({
  rule_name: z.string().max(200).optional(),
  using_group: z.string().max(200).optional(),
  key_fp: z.string().max(64).optional(),
});

/** Channel-affinity cache statistics and clearing (root), and one key's usage counters (admin); issue 37. */
export function registerAffinityRoutes(app: ConsoleApp, guards: Guards, affinity: AffinityCacheAdmin): void {
  app.get('/option/channel_affinity_cache', { preValidation: guards.root }, async () =>
    ok(await affinity.cacheStats()),
  );

  app.delete(
    '/option/channel_affinity_cache',
    { preValidation: guards.root, schema: { querystring: clearQuery } },
    async (request) => {
      try {
        const deleted = await affinity.clear(
          request.query.all === 'true',
          request.query.rule_name?.trim() || undefined,
        );
        return ok({ deleted });
      } catch (error) {
        if (error instanceof AffinityRequestError) throw badRequest(messages.affinity[error.reason]);
        throw error;
      }
    },
  );

  app.get(
    '/log/channel_affinity_usage_cache',
    { preValidation: guards.admin, schema: { querystring: usageQuery } },
    async (request) => {
      const ruleName = request.query.rule_name?.trim() ?? '';
      const fingerprint = request.query.key_fp?.trim() ?? '';
      if (!ruleName || !fingerprint) throw badRequest(messages.affinity.usageParams);
      return ok(await affinity.usageStats(ruleName, request.query.using_group?.trim() ?? '', fingerprint));
    },
  );
}
