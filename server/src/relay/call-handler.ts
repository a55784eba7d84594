import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { Caller } from './authenticate';
import { ClientAbort, shutdownCut } from './client-abort';
import { HttpSink } from './client-sink';
import type { Endpoint } from './endpoints';
import type { InboundDialect, RouteFacts } from './formats/inbound-dialect';
import { relayCall } from './pipeline';
import { writeRelayError } from './relay-error-reply';
import type { RelayServices } from './relay-services';

/** A relay route: the client's endpoint, the dialect it speaks, and what its path says. */
export interface RelayRoute {
  endpoint: Endpoint;
  dialect: InboundDialect;
  /** model and streaming flag taken from the path (Gemini) */
  pathFacts?: (request: FastifyRequest) => Pick<RouteFacts, 'pathModel' | 'pathStream'>;
}

/**
 * Runs one relay call on a hijacked response: authenticates, parses the body in the route's dialect,
 * relays, and answers every failure in that dialect's error shape. A client that disconnects aborts
 * the upstream call, as does a shutdown that cuts the call (services.inFlight).
 */
export async function handleRelayCall(
  context: AppContext,
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  route: RelayRoute,
  authenticate: () => Caller | Promise<Caller>,
): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  const clientGone = new ClientAbort();
  const trace = { model: '', channelId: 0 };
  const metrics = services.metrics;
  const started = metrics ? performance.now() : 0;
  let streaming = false;
  response.on('close', () => {
    if (!response.writableFinished) clientGone.abort();
    if (!metrics) return;
    if (streaming) metrics.streamClosed();
    const seconds = (performance.now() - started) / 1000;
    metrics.callEnded({
      route: route.endpoint.kind,
      dialect: route.dialect.name,
      model: trace.model,
      channelId: trace.channelId,
      status: response.statusCode,
      seconds,
    });
  });
  services.inFlight.enter(clientGone);
  try {
    const authenticated = authenticate();
    const caller = authenticated instanceof Promise ? await authenticated : authenticated;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const contentType = request.headers['content-type'] ?? 'application/json';
    const facts = route.pathFacts?.(request);
    const body = route.dialect.parse(raw, {
      endpoint: route.endpoint,
      contentType,
      pathModel: facts?.pathModel,
      pathStream: facts?.pathStream,
    });
    if (metrics && body.stream) {
      streaming = true;
      metrics.streamOpened();
    }
    await relayCall(context, services, {
      caller,
      endpoint: route.endpoint,
      dialect: route.dialect,
      body,
      contentType,
      clientHeaders: request.headers,
      requestId: request.id,
      clientIp: request.ip,
      sink: new HttpSink(response, request.id, context.config.STREAMING_TIMEOUT * 1000),
      signal: clientGone,
      trace,
    });
  } catch (error) {
    writeRelayError(response, request, clientGone.reason === 'shutdown' ? shutdownCut() : error, route.dialect);
  } finally {
    services.inFlight.leave(clientGone);
  }
}
