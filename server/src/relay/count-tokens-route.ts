import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { checkModelAllowed, authenticateToken, type Caller } from './authenticate';
import { admitCall } from './billing/call-admission';
import { messagesEndpoint } from './endpoints';
import { anthropicMessagesDialect, countMessageTokens } from './formats/anthropic-messages';
import { invalidRequest } from './relay-error';
import { relayErrorBody } from './relay-error-reply';
import type { RelayServices } from './relay-services';
import { messages } from '../platform/i18n/catalogue';

/** The path of Anthropic's token counting call. */
export const COUNT_TOKENS_PATH = `${messagesEndpoint.path}/count_tokens`;

/**
 * Admits a token count (Anthropic's count_tokens, Gemini's countTokens) like a relay call: the model
 * must be within the token's model limits, a user without quota is refused, and the count counts
 * against the caller's request limits. It bills no tokens, so it is not held against the token limits.
 */
export async function admitCount(
  context: AppContext,
  services: RelayServices,
  caller: Caller,
  model: string,
): Promise<void> {
  checkModelAllowed(caller, model);
  await admitCall(context, caller, 0);
  if (services.limits.applies(caller)) await services.limits.admit(caller, 0);
}

/**
 * `POST /v1/messages/count_tokens`: free, but admitted like a relay call. The key is checked before
 * the body is read (body-guard.ts; the body is at most RELAY_BODY_LIMITS.countTokens), the model
 * must be within the token's model limits, a user without quota is refused, and the call counts
 * against the caller's request limits (token RPM, model request rate limit). The prompt is counted
 * off the event loop when it is long (platform/token-counter).
 */
export function registerCountTokensRoute(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  app.post(COUNT_TOKENS_PATH, async (request, reply) => {
    try {
      const caller = await authenticateToken(context, services, request);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const body = anthropicMessagesDialect.parse(raw, { endpoint: messagesEndpoint, contentType: 'application/json' });
      if (!body.model) throw invalidRequest(messages.relay.modelRequired, 'model_required');
      await admitCount(context, services, caller, body.model);
      return await countMessageTokens(body);
    } catch (error) {
      const { status, body } = relayErrorBody(error, request, anthropicMessagesDialect);
      return reply.status(status).send(body);
    }
  });
}
