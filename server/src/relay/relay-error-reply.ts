import type { ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from '../platform/text';
import { bodyErrorOf, dialectForPath, discardUnreadBody } from './body-guard';
import type { InboundDialect } from './formats/inbound-dialect';
import { openAIDialect } from './formats/openai-chat';
import { RelayError } from './relay-error';
import { messages } from '../platform/i18n/catalogue';

const internal = new RelayError(messages.relay.internalError, 500, 'internal_error', 'api_error');

/** The error body and status for any failure of a relay call, in the client's dialect (OpenAI by default). */
export function relayErrorBody(error: unknown, request: FastifyRequest, dialect: InboundDialect = openAIDialect) {
  const relayError = error instanceof RelayError ? error : internal;
  if (relayError === internal) request.log.error({ err: error, requestId: request.id }, 'relay call failed');
  return dialect.errorReply(relayError, languageOf(request.headers['accept-language']), request.id);
}

/** Writes an error on a hijacked response, unless the answer has already begun. */
export function writeRelayError(
  response: ServerResponse,
  request: FastifyRequest,
  error: unknown,
  dialect?: InboundDialect,
): void {
  if (response.headersSent) {
    if (!response.writableEnded) response.end();
    return;
  }
  const { status, body } = relayErrorBody(error, request, dialect);
  const text = JSON.stringify(body);
  response.writeHead(status === 499 ? 400 : status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** How long the rest of a refused body is read and dropped before the connection is closed. */
const BODY_LINGER_MS = 10_000;

/**
 * Error handler of the relay scope (failures before the response is hijacked, including a refused
 * key or body before the body was read: the rest is discarded, never held).
 */
export function relayErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const dialect = dialectForPath(request.url);
  if (!request.raw.complete) {
    // Fastify asks to close after a refused body; closing with unread bytes resets the connection and
    // the answer can be lost on its way, so the rest is read and dropped instead (at most the linger).
    reply.removeHeader('connection');
    discardUnreadBody(request, reply, BODY_LINGER_MS);
  }
  const bodyError = bodyErrorOf(error, request);
  if (bodyError) {
    const { status, body } = relayErrorBody(bodyError, request, dialect);
    return reply.status(status).send(body);
  }
  if (!(error instanceof RelayError) && error.statusCode && error.statusCode < 500) {
    const wrapped = new RelayError(
      { zh: error.message, en: error.message },
      error.statusCode,
      error.code ?? 'invalid_request',
      'invalid_request_error',
    );
    const { status, body } = relayErrorBody(wrapped, request, dialect);
    return reply.status(status).send(body);
  }
  const { status, body } = relayErrorBody(error, request, dialect);
  return reply.status(status).send(body);
}
