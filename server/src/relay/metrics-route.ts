import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { RelayServices } from './relay-services';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `GET /metrics` in the Prometheus text format, when METRICS_ENABLED; with METRICS_TOKEN, only for `Authorization: Bearer <token>`. */
export function registerMetricsRoute(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const metrics = services.metrics;
  if (!metrics) return;
  const token = context.config.METRICS_TOKEN;
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', async (request, reply) => {
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ error: { message: 'metrics need the METRICS_TOKEN bearer token', type: 'authentication_error', code: 'unauthorized' } });
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
