import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { fill, languageOf } from '../../platform/text';
import { authenticateToken } from '../authenticate';
import { handleRelayCall, type RelayRoute } from '../call-handler';
import { relayEndpoints, type Endpoint } from '../endpoints';
import { modelsFor } from '../model-list';
import { RelayError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { geminiDialect, geminiEmbedDialect } from './gemini';
import { geminiErrorReply } from './gemini-error';
import { countRequestTokens } from '../billing/estimate';
import { admitCount } from '../count-tokens-route';
import { jsonOf } from './body-json';
import { messages } from '../../platform/i18n/catalogue';

/** generateContent and streamGenerateContent: chat calls in Gemini's shape. */
const generateEndpoint: Endpoint = {
  path: '/v1beta/models/{model}:generateContent',
  kind: 'chat',
  multipart: false,
  streamOptions: true,
};
/** Gemini's embeddings are OpenAI embeddings once converted. */
const embeddingsEndpoint = relayEndpoints.find((endpoint) => endpoint.kind === 'embeddings')!;

/** A countTokens body: its `generateContentRequest` when it has one; otherwise (or unreadable) the body itself, which the dialect's parse judges. */
function innerRequest(raw: Buffer): Buffer {
  try {
    const sent = jsonOf(raw) as { generateContentRequest?: unknown } | null;
    const inner = sent?.generateContentRequest;
    return inner && typeof inner === 'object' ? Buffer.from(JSON.stringify(inner)) : raw;
  } catch {
    return raw;
  }
}

/** `gemini-2.5-flash:streamGenerateContent` → route, model and streaming flag. */
function routeOf(
  target: string,
): { route: RelayRoute; model: string; stream: boolean } | { action: string; model?: string } {
  const at = target.lastIndexOf(':');
  const model = target.slice(0, at);
  const action = target.slice(at + 1);
  if (at <= 0) return { action: target };
  switch (action) {
    case 'generateContent':
    case 'streamGenerateContent':
      return {
        route: { endpoint: generateEndpoint, dialect: geminiDialect },
        model,
        stream: action === 'streamGenerateContent',
      };
    case 'embedContent':
    case 'batchEmbedContents':
      return { route: { endpoint: embeddingsEndpoint, dialect: geminiEmbedDialect }, model, stream: false };
    default:
      return { action, model };
  }
}

function replyError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof RelayError)) throw error;
  const { status, body } = geminiErrorReply(error, languageOf(request.headers['accept-language']), request.id);
  return reply.status(status).send(body);
}

/** A model as Gemini's models.list and models.get describe it. */
function geminiModel(id: string) {
  const embedding = id.includes('embedding');
  return {
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: id,
    supportedGenerationMethods: embedding
      ? ['embedContent', 'batchEmbedContents']
      : ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

/** The models list in Gemini's shape (also `GET /v1/models` for a client that sends a Gemini key). */
export const geminiModelList = (models: Array<{ id: string }>) => ({
  models: models.map((model) => geminiModel(model.id)),
});

/** Whether a request carries its key the Gemini way (`x-goog-api-key` or `?key=`). */
export const sentGeminiKey = (request: FastifyRequest) =>
  request.headers['x-goog-api-key'] !== undefined ||
  (request.query as { key?: unknown } | undefined)?.key !== undefined;

/**
 * Google's Gemini API in front of every channel: `POST /v1beta/models/{model}:{method}` (also under
 * /v1) and the model list, with the key in `?key=` or `x-goog-api-key`; errors in Gemini's shape.
 */
export function registerGeminiRoutes(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const authenticate = (request: FastifyRequest) => () => authenticateToken(context, services, request);

  /**
   * `:countTokens` (the official @google/genai client's `models.countTokens`): the prompt counted
   * locally, free, but admitted like a relay call (count-tokens-route.ts). Takes `contents` (with tools
   * and a system instruction) or a whole `generateContentRequest`; answers `{totalTokens}`.
   */
  const countGeminiTokens = async (request: FastifyRequest, reply: FastifyReply, model = '') => {
    try {
      const caller = await authenticateToken(context, services, request);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const body = geminiDialect.parse(innerRequest(raw), {
        endpoint: generateEndpoint,
        contentType: 'application/json',
        pathModel: model.replace(/^models\//, ''),
      });
      await admitCount(context, services, caller, body.model);
      return {
        totalTokens: await countRequestTokens(
          geminiDialect.toOpenAI(body) as unknown as Record<string, unknown>,
          false,
        ),
      };
    } catch (error) {
      return replyError(request, reply, error);
    }
  };

  for (const version of ['/v1beta', '/v1']) {
    app.post<{ Params: { target: string } }>(`${version}/models/:target`, (request, reply) => {
      const found = routeOf(request.params.target);
      if ('action' in found && found.action === 'countTokens') return countGeminiTokens(request, reply, found.model);
      if ('action' in found) {
        const error = new RelayError(
          fill(messages.geminiRoute.unknownAction, { action: found.action }),
          404,
          'unsupported_method',
          'invalid_request_error',
        );
        return replyError(request, reply, error);
      }
      const pathFacts = () => ({ pathModel: found.model, pathStream: found.stream });
      return handleRelayCall(context, services, request, reply, { ...found.route, pathFacts }, authenticate(request));
    });
  }

  app.get('/v1beta/models', async (request, reply) => {
    try {
      const caller = await authenticateToken(context, services, request);
      return geminiModelList(modelsFor(context, services, caller));
    } catch (error) {
      return replyError(request, reply, error);
    }
  });

  app.get<{ Params: { model: string } }>('/v1beta/models/:model', async (request, reply) => {
    try {
      const caller = await authenticateToken(context, services, request);
      const id = request.params.model.replace(/^models\//, '');
      if (!modelsFor(context, services, caller).some((model) => model.id === id)) {
        throw new RelayError(
          fill(messages.relay.modelNotFound, { model: id }),
          404,
          'model_not_found',
          'invalid_request_error',
        );
      }
      return geminiModel(id);
    } catch (error) {
      return replyError(request, reply, error);
    }
  });
}
