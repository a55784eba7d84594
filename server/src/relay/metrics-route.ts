import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { contributeToClusterMetrics, scrapesThroughPrimary, scrapeThroughPrimary } from '../runtime/cluster-metrics';
import type { GatewayMetrics } from '../platform/metrics';
import { dialectForPath } from './body-guard';
import { messagesEndpoint, relayEndpoints } from './endpoints';
import type { RelayServices } from './relay-services';

const digest = (text: string) => createHash('sha256').update(text).digest();

const routeOfPath = new Map(
  [...relayEndpoints, messagesEndpoint].map((endpoint) => [endpoint.path, endpoint.kind as string]),
);

/**
 * Counts the calls the relay scope refuses before a call is relayed (a bad key 401, a disabled token
 * 403, a limit 429, a body too large 413, ...), with the status they were answered: the relay's own
 * answers are counted where the call ends (call-handler.ts). Runs only for errors, so it costs a
 * relayed call nothing.
 */
export function countRefusedCalls(app: FastifyInstance, metrics: GatewayMetrics | null): void {
  if (!metrics) return;
  app.addHook('onError', (request, reply, _error, done) => {
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    reply.raw.once('finish', () =>
      metrics.refused(routeOfPath.get(path) ?? 'other', dialectForPath(path).name, reply.raw.statusCode),
    );
    done();
  });
}

/**
 * `GET /metrics` in the Prometheus text format, when METRICS_ENABLED; with METRICS_TOKEN, only for
 * `Authorization: Bearer <token>`. A cluster worker answers for the whole gateway (cluster-metrics.ts).
 */
export function registerMetricsRoute(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const metrics = services.metrics;
  if (!metrics) return;
  contributeToClusterMetrics(metrics.registry);
  const token = context.config.METRICS_TOKEN;
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', async (request, reply) => {
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({
          error: {
            message: 'metrics need the METRICS_TOKEN bearer token',
            type: 'authentication_error',
            code: 'unauthorized',
          },
        });
    }
    const text = scrapesThroughPrimary() ? await scrapeThroughPrimary() : await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(text);
  });
}
