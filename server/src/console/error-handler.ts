import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors';
import { fill, languageOf } from '../platform/text';
import { describeValidation } from './validation-message';
import { messages } from '../platform/i18n/catalogue';

const MIB = 1024 * 1024;

/**
 * The console's error envelope: a business error answers HTTP 200 `{success:false, message}` in the
 * caller's language; 401 stays 401; anything unexpected is logged and masked behind the request id.
 */
export function consoleErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request.headers['accept-language']);
  if (error instanceof AppError) {
    return reply.status(error.status).send({ success: false, message: error.text[language] });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const detail = describeValidation(error.validation, error.validationContext, language);
    return reply
      .status(200)
      .send({ success: false, message: fill(messages.common.invalidParameter, { detail })[language] });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = Math.max(1, Math.floor((request.routeOptions.bodyLimit ?? 0) / MIB));
    return reply.status(200).send({ success: false, message: fill(messages.common.bodyTooLarge, { limit })[language] });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    return reply
      .status(status === 401 ? 401 : 200)
      .send({ success: false, message: fill(messages.common.invalidParameter, { detail: error.message })[language] });
  }
  request.log.error({ err: error, requestId: request.id }, 'console request failed');
  return reply
    .status(500)
    .send({ success: false, message: fill(messages.common.internalError, { id: request.id })[language] });
}
