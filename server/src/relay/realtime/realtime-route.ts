import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppContext } from '../../app-context';
import { createRequestIdGenerator } from '../../platform/request-id';
import { fill, languageOf, type Language } from '../../platform/text';
import { authenticateGivenKey, checkModelAllowed, type Caller } from '../authenticate';
import { priceOf } from '../../domain/prices';
import type { CachedChannel } from '../caches/channel-index';
import { disableIfRefused } from '../channel-health';
import { ClientAbort } from '../client-abort';
import { mapModel } from '../model-mapping';
import { pickChannel } from '../pipeline';
import { invalidRequest, noChannelFor, RelayError, UpstreamError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { RealtimeBill } from './realtime-billing';
import { audioRatiosOf } from './realtime-price';
import { RealtimeSession } from './realtime-session';
import { serveAsPlainRequest } from './plain-upgrade';
import { BROWSER_KEY_PREFIX, openUpstream, realtimeTarget, servesRealtime } from './realtime-upstream';
import { messages } from '../../platform/i18n/catalogue';

export const REALTIME_PATH = '/v1/realtime';
/** Largest frame either side may send (OpenAI's own cap on an audio append is 15 MiB of base64). */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024 * 1024;

const internal = new RelayError(messages.relay.internalError, 500, 'internal_error', 'api_error');

/** The subprotocol answered: `realtime` when offered (never the one carrying the key). */
function chooseProtocol(offered: Set<string>): string | false {
  if (offered.has('realtime')) return 'realtime';
  for (const protocol of offered) if (!protocol.startsWith(BROWSER_KEY_PREFIX)) return protocol;
  return false;
}

/** The key of an upgrade: from the `openai-insecure-api-key.<key>` subprotocol (browsers), else `Authorization: Bearer`. */
function keyOf(request: IncomingMessage): { key: string; browser: boolean } {
  const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((item) => item.trim());
  const browserKey = offered.find((item) => item.startsWith(BROWSER_KEY_PREFIX));
  if (browserKey) return { key: browserKey.slice(BROWSER_KEY_PREFIX.length), browser: true };
  const authorization = request.headers.authorization ?? '';
  return { key: (/^bearer /i.test(authorization) ? authorization.slice(7) : authorization).trim(), browser: false };
}

/** Answers a refused upgrade on the raw socket (the client never gets a WebSocket). */
function refuse(socket: Duplex, error: RelayError, language: Language, requestId: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(error.toOpenAI(language, requestId));
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

interface Opened {
  upstream: WebSocket;
  channel: CachedChannel;
  upstreamModel: string;
  tried: Set<number>;
}

/** Opens the upstream session on the first channel that accepts it, failing over as an HTTP call does. */
async function openOnSomeChannel(
  context: AppContext,
  services: RelayServices,
  caller: Caller,
  model: string,
  browser: boolean,
  requestId: string,
): Promise<Opened> {
  const tried = new Set<number>();
  const attempts = caller.pinnedChannelId === null ? Math.max(0, context.options.number('RetryTimes')) + 1 : 1;
  const call = { caller, body: { model } };
  let lastError: RelayError | undefined;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    let channel = pickChannel(services, call, tried);
    // A channel that cannot speak realtime, or is at its cap, is passed over like one already tried.
    while (
      channel &&
      (!servesRealtime(channel) || (channel.caps && !(await services.limits.enterChannel(channel, requestId))))
    ) {
      tried.add(channel.id);
      channel = pickChannel(services, call, tried);
    }
    if (!channel) break;
    tried.add(channel.id);
    try {
      const upstreamModel = mapModel(channel.modelMapping, model);
      const target = realtimeTarget(channel, upstreamModel, browser);
      const upstream = await openUpstream(
        channel,
        target,
        context.config.RELAY_TIMEOUT * 1000,
        REALTIME_MAX_FRAME_BYTES,
      );
      services.breaker.succeeded(channel.id);
      return { upstream, channel, upstreamModel, tried };
    } catch (error) {
      if (channel.caps) await services.limits.leaveChannel(channel, requestId);
      if (!(error instanceof RelayError)) throw error;
      lastError = error;
      services.metrics?.upstreamFailed(channel.id, error.code);
      if (error instanceof UpstreamError || error.retryable) services.breaker.failed(channel.id);
      await disableIfRefused(context, channel, error).catch(() => undefined);
      if (!error.retryable) break;
    }
  }
  throw lastError ?? noChannelFor(model, caller.group);
}

/**
 * `GET /v1/realtime?model=…` as a WebSocket (reference §12): the upgrade is authenticated, admitted
 * and given an open upstream session before it is accepted; a refusal is an HTTP error on the raw
 * socket. Sessions end at shutdown like other calls (services.inFlight).
 */
export function registerRealtimeRelay(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: REALTIME_MAX_FRAME_BYTES,
    perMessageDeflate: false,
    handleProtocols: chooseProtocol,
  });
  const requestIds = createRequestIdGenerator();
  // The client's address as Fastify reads it for HTTP calls (TRUSTED_PROXIES), for the tokens' IP allow lists.
  const trusted = context.config.TRUSTED_PROXIES
    ? proxyAddr.compile(context.config.TRUSTED_PROXIES.split(',').map((item) => item.trim()))
    : null;
  const addressOf = (request: IncomingMessage) =>
    trusted ? proxyAddr(request, trusted) : (request.socket.remoteAddress ?? '');

  const upgrade = async (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    requestId: string,
    language: Language,
  ) => {
    const { key, browser } = keyOf(request);
    const authenticated = authenticateGivenKey(context, services, key, addressOf(request));
    const caller = authenticated instanceof Promise ? await authenticated : authenticated;
    const model = new URL(request.url ?? '/', 'http://gateway').searchParams.get('model') ?? '';
    if (!model) throw invalidRequest(messages.realtime.modelQuery, 'model_required');
    checkModelAllowed(caller, model);
    const price = priceOf(context.options, model, caller.group, caller.user.acceptsUnpricedModels);
    if (!price) throw invalidRequest(fill(messages.relay.unpriced, { model }), 'model_price_error');
    const bill = await RealtimeBill.open(context, services, caller, price, audioRatiosOf(context.options, model));
    let opened: Opened;
    try {
      opened = await openOnSomeChannel(context, services, caller, model, browser, requestId);
    } catch (error) {
      await bill.abandon();
      throw error;
    }
    const { upstream, channel } = opened;
    if (socket.destroyed) {
      upstream.close(1000);
      await bill.abandon();
      if (channel.caps) await services.limits.leaveChannel(channel, requestId);
      return;
    }
    const started = Date.now();
    sockets.handleUpgrade(request, socket, head, (client) => {
      const facts = { requestId, model, upstreamModel: opened.upstreamModel, channel, tried: opened.tried, started };
      const report = (error: unknown) => app.log.error({ err: error, requestId }, 'realtime session: billing failed');
      const session = new RealtimeSession(client, upstream, bill, facts, language, report);
      const shutdown = new ClientAbort();
      shutdown.on('abort', () => session.cut(messages.realtime.shuttingDown));
      services.inFlight.enter(shutdown);
      void session.finished.then(async () => {
        if (channel.caps) await services.limits.leaveChannel(channel, requestId).catch(() => undefined);
        services.inFlight.leave(shutdown);
      });
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== REALTIME_PATH || (request.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
      serveAsPlainRequest(app.server, request, socket, head);
      return;
    }
    socket.on('error', () => undefined);
    const requestId = requestIds();
    const language = languageOf(request.headers['accept-language']);
    upgrade(request, socket, head, requestId, language).catch((error: unknown) => {
      if (!(error instanceof RelayError)) app.log.error({ err: error, requestId }, 'realtime upgrade failed');
      refuse(socket, error instanceof RelayError ? error : internal, language, requestId);
    });
  };
  app.get(REALTIME_PATH, async () => {
    throw new RelayError(messages.realtime.notWebSocket, 426, 'websocket_required', 'invalid_request_error');
  });
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    sockets.close();
  });
}
