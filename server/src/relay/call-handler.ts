import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { Caller } from './authenticate';
import { HttpSink } from './client-sink';
import type { Endpoint } from './endpoints';
import { parseJsonBody, parseMultipartBody } from './formats/request-body';
import { relayCall } from './pipeline';
import { writeRelayError } from './relay-error-reply';
import type { RelayServices } from './relay-services';

/** Runs one relay call on a hijacked response; a client that disconnects aborts the upstream call. */
export async function handleRelayCall(
  context: AppContext,
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  caller: Caller,
): Promise<void> {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const contentType = request.headers['content-type'] ?? 'application/json';
  const body = endpoint.multipart
    ? parseMultipartBody(raw, contentType, endpoint.defaultModel)
    : parseJsonBody(raw, endpoint.defaultModel);
  reply.hijack();
  const response = reply.raw;
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  try {
    await relayCall(context, services, {
      caller,
      endpoint,
      body,
      contentType,
      requestId: request.id,
      clientIp: request.ip,
      sink: new HttpSink(response, request.id),
      signal: controller.signal,
    });
  } catch (error) {
    writeRelayError(response, request, error);
  }
}
