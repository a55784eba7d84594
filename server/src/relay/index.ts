import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { createUpstreamAgent } from '../platform/http-agent';
import { CallerFetcher } from '../platform/outbound/caller-fetcher';
import { AdapterSettingsCache } from './caches/adapter-settings-cache';
import { GatewayMetrics } from '../platform/metrics';
import { ChannelIndex } from './caches/channel-index';
import { TokenCache } from './caches/token-cache';
import { UserCache } from './caches/user-cache';
import { CircuitBreaker } from './circuit-breaker';
import { RelayLimits } from './limits/relay-limits';
import { ChannelAffinity } from './affinity/channel-affinity';
import type { RelayServices } from './relay-services';
import { SensitiveWords } from './sensitive/sensitive-words';
import { CallsInFlight } from './stream/calls-in-flight';
import { relayRoutes } from './routes';

/** Builds the relay's caches (the channel index is loaded before the first call) and its routes. */
export async function createRelay(
  context: AppContext,
): Promise<{ services: RelayServices; plugin: (app: FastifyInstance) => Promise<void> }> {
  const channels = new ChannelIndex(context.database, context.bus);
  await channels.reload();
  const breaker = new CircuitBreaker();
  const metrics = context.config.METRICS_ENABLED
    ? new GatewayMetrics({
        openCircuits: () => breaker.openChannels(),
        pendingLogRows: () => context.logs.pendingRows,
        pendingUsageBuckets: () => context.logs.pendingBuckets,
        writeBehindLagMs: () => context.writeBehind.lagMs(),
        worstWriteBehindLagMs: () => context.writeBehind.worstLagMs,
      })
    : null;
  const services: RelayServices = {
    tokens: new TokenCache(context.database, context.bus),
    users: new UserCache(context.database, context.bus),
    channels,
    breaker,
    adapterSettings: new AdapterSettingsCache(context.options),
    sensitiveWords: new SensitiveWords(context.options),
    agent: createUpstreamAgent({
      headersTimeoutMs: context.config.RELAY_TIMEOUT * 1000,
      bodyTimeoutMs: context.config.STREAMING_TIMEOUT * 1000,
    }),
    metrics,
    limits: new RelayLimits(context, context.counters, metrics),
    affinity: new ChannelAffinity(context),
    outbound: new CallerFetcher(context.config.OUTBOUND_ALLOW_INTERNAL),
    inFlight: new CallsInFlight(),
  };
  context.shutdownTasks.unshift(
    () => services.agent.close(),
    () => services.outbound.close(),
  );
  const plugin = async (app: FastifyInstance) => {
    // Before Fastify closes the server: it stops taking connections (idle keep-alive ones close; it
    // closes those the calls leave idle later), the calls get half the shutdown's time to end, then
    // are cut, streams billed for what they delivered; the other half is for the last flush.
    app.addHook('preClose', async () => {
      app.server.close();
      const cut = await services.inFlight.settle((context.config.SHUTDOWN_TIMEOUT_SECONDS * 1000) / 2);
      if (cut > 0)
        app.log.warn(
          { calls: cut },
          'shutdown: relay calls still running were cut; streams are billed for what they delivered',
        );
    });
    await relayRoutes(app, context, services);
  };
  return { services, plugin };
}
