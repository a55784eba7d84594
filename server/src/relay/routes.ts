import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { fill } from '../platform/text';
import { authenticateSession, authenticateToken } from './authenticate';
import { guardRelayBodies, keepRelayBody, RELAY_BODY_LIMITS } from './body-guard';
import { handleRelayCall } from './call-handler';
import { registerCountTokensRoute } from './count-tokens-route';
import { registerBillingRoutes } from './billing-routes';
import { countRefusedCalls, registerMetricsRoute } from './metrics-route';
import { chatEndpoint, messagesEndpoint, relayEndpoints, unsupportedPaths } from './endpoints';
import { anthropicMessagesDialect, anthropicModel, anthropicModelList } from './formats/anthropic-messages';
import { geminiModelList, registerGeminiRoutes, sentGeminiKey } from './formats/gemini-routes';
import { openAIDialect } from './formats/openai-chat';
import { modelsFor } from './model-list';
import { RelayError } from './relay-error';
import { relayErrorHandler } from './relay-error-reply';
import type { RelayServices } from './relay-services';
import { registerRealtimeRelay } from './realtime/realtime-route';
import { registerTaskRelay } from './tasks/index';
import { messages } from '../platform/i18n/catalogue';

/** The parser's ceiling; each route's own limit (body-guard.ts) is lower. */
const BODY_LIMIT = RELAY_BODY_LIMITS.imageEdits;

/** Anthropic's SDKs always send anthropic-version (their key may travel as x-api-key or Bearer). */
const fromClaudeClient = (request: FastifyRequest) => request.headers['anthropic-version'] !== undefined;

/** The gateway routes: OpenAI endpoints under /v1, Anthropic's /v1/messages, models, billing compatibility, the playground. */
export async function relayRoutes(app: FastifyInstance, context: AppContext, services: RelayServices): Promise<void> {
  app.setErrorHandler(relayErrorHandler);
  guardRelayBodies(app, context, services);
  countRefusedCalls(app, services.metrics);
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, keepRelayBody);
  // The same parser under JSON's own name: Fastify caches the parser of a named type, while the
  // catch-all is looked up again (and its content type parsed again) on every request.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, keepRelayBody);

  for (const endpoint of relayEndpoints) {
    const route = { endpoint, dialect: openAIDialect };
    app.post(endpoint.path, (request, reply) =>
      handleRelayCall(context, services, request, reply, route, () => authenticateToken(context, services, request)),
    );
  }

  const anthropicMessages = { endpoint: messagesEndpoint, dialect: anthropicMessagesDialect };
  app.post(messagesEndpoint.path, (request, reply) =>
    handleRelayCall(context, services, request, reply, anthropicMessages, () =>
      authenticateToken(context, services, request),
    ),
  );

  registerCountTokensRoute(app, context, services);

  const playground = { endpoint: chatEndpoint, dialect: openAIDialect };
  /**
   * The playground's `group` chooses the user's group inside the gateway (spec 001): it is taken out of
   * the body, which goes upstream without it (a vendor such as OpenAI refuses unknown fields).
   */
  const takePlaygroundGroup = (request: FastifyRequest): unknown => {
    if (!Buffer.isBuffer(request.body)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(request.body.toString('utf8'));
    } catch {
      return undefined;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('group' in body)) return undefined;
    const { group, ...rest } = body as { group?: unknown };
    request.body = Buffer.from(JSON.stringify(rest));
    return group;
  };
  app.post('/pg/chat/completions', (request, reply) => {
    const group = takePlaygroundGroup(request);
    return handleRelayCall(context, services, request, reply, playground, () =>
      authenticateSession(context, services, request, group),
    );
  });

  app.get('/v1/models', async (request) => {
    const caller = await authenticateToken(context, services, request);
    const models = modelsFor(context, services, caller);
    if (fromClaudeClient(request)) return anthropicModelList(models);
    return sentGeminiKey(request) ? geminiModelList(models) : { object: 'list', data: models, success: true };
  });

  app.get<{ Params: { model: string } }>('/v1/models/:model', async (request) => {
    const caller = await authenticateToken(context, services, request);
    const model = modelsFor(context, services, caller).find((entry) => entry.id === request.params.model);
    if (!model) {
      throw new RelayError(
        fill(messages.relay.modelNotFound, { model: request.params.model }),
        404,
        'model_not_found',
        'invalid_request_error',
      );
    }
    return fromClaudeClient(request) ? anthropicModel(model) : model;
  });

  registerBillingRoutes(app, context, services);
  registerGeminiRoutes(app, context, services);
  registerTaskRelay(app, context, services);
  registerMetricsRoute(app, context, services);
  registerRealtimeRelay(app, context, services);

  for (const path of unsupportedPaths) {
    app.all(path, async (request) => {
      throw new RelayError(
        fill(messages.relay.unsupportedRoute, { path: request.url.split('?')[0] ?? path }),
        501,
        'api_not_implemented',
        'invalid_request_error',
      );
    });
  }
  app.delete('/v1/models/:model', async (request) => {
    throw new RelayError(
      fill(messages.relay.unsupportedRoute, { path: request.url }),
      501,
      'api_not_implemented',
      'invalid_request_error',
    );
  });
}
