import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { consolePlugin } from './console/index';
import { reportNotificationsTo } from './platform/notify/notifier';
import { channelTesterOf } from './relay/channel-test';
import { createRelay } from './relay/index';
import { closeProcessContext } from './runtime/process-context';
import { lazyRequestLogger } from './platform/lazy-request-logger';
import { createRequestIdGenerator } from './platform/request-id';
import { fill, languageOf } from './platform/text';
import { messages } from './platform/i18n/catalogue';

const HASHED_ASSET = /\/assets\//;
/** Relay paths, including a midjourney-proxy mode segment (`/mj-fast/mj/...`): unknown ones get the OpenAI-shaped 404. */
const RELAY_PATH = /^\/(v1|v1beta|pg|dashboard|mj|mj-[a-z]+|suno)(\/|$)/;

/** Assembles the HTTP server: console API under /api, the relay, and the built console. */
export async function buildApp(context: AppContext, webDist: string | null): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: context.config.LOG_LEVEL },
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: createRequestIdGenerator(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: context.config.TRUSTED_PROXIES ?? false,
    // Console requests are small JSON; the relay sets its own limits per route (relay/body-guard.ts).
    bodyLimit: 8 * 1024 * 1024,
    // A client that stops reading (or sending) is cut once its socket was idle longer than an
    // upstream may pause between stream chunks.
    connectionTimeout: (context.config.STREAMING_TIMEOUT + 10) * 1000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Parsed on first use (platform/request-cookies.ts), not by a hook on every relay call.
  await app.register(fastifyCookie, { hook: false });
  reportNotificationsTo(context, app.log);

  const relay = await createRelay(context);
  const relayForConsole = { testChannel: channelTesterOf(context), affinity: relay.services.affinity };
  await app.register(async (scope) => consolePlugin(scope, context, relayForConsole), { prefix: '/api' });
  await app.register(relay.plugin);

  const indexHtml = webDist && existsSync(join(webDist, 'index.html')) ? webDist : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: indexHtml,
      wildcard: false,
      index: false,
      setHeaders(response, path) {
        response.header('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const language = languageOf(request.headers['accept-language']);
    if (path === '/api' || path.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ success: false, message: fill(messages.common.notFound, { method: request.method, path })[language] });
    }
    if (RELAY_PATH.test(path)) {
      const message = `Invalid URL (${request.method} ${path})`;
      return reply
        .status(404)
        .send({ error: { message, type: 'invalid_request_error', param: '', code: 'invalid_url' } });
    }
    if (indexHtml && request.method === 'GET' && !path.startsWith('/assets/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ success: false, message: fill(messages.common.notFound, { method: request.method, path })[language] });
  });

  app.addHook('onClose', () => closeProcessContext(context));
  return app;
}
