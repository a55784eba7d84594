import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { createUpstreamAgent } from '../platform/http-agent';
import { ChannelIndex } from './caches/channel-index';
import { TokenCache } from './caches/token-cache';
import { UserCache } from './caches/user-cache';
import { CircuitBreaker } from './circuit-breaker';
import type { RelayServices } from './relay-services';
import { relayRoutes } from './routes';

/** Builds the relay's caches (the channel index is loaded before the first call) and its routes. */
export async function createRelay(context: AppContext): Promise<{ services: RelayServices; plugin: (app: FastifyInstance) => Promise<void> }> {
  const channels = new ChannelIndex(context.database, context.bus);
  await channels.reload();
  const services: RelayServices = {
    tokens: new TokenCache(context.database, context.bus),
    users: new UserCache(context.database, context.bus),
    channels,
    breaker: new CircuitBreaker(),
    agent: createUpstreamAgent({
      headersTimeoutMs: context.config.RELAY_TIMEOUT * 1000,
      bodyTimeoutMs: context.config.STREAMING_TIMEOUT * 1000,
    }),
  };
  context.shutdownTasks.unshift(() => services.agent.close());
  return { services, plugin: (app) => relayRoutes(app, context, services) };
}
