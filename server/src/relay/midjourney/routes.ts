import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { fill, languageOf } from '../../platform/text';
import { RelayError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { bodyOf, enabledCaller, failureOf, taskNotFound, taskRouteGuard } from '../tasks/route-kit';
import { callUpstream } from '../tasks/upstream-call';
import { submitKinds, type SubmitKind } from './actions';
import { DrawingImages } from './drawing-images';
import type { MidjourneyStore } from './midjourney-store';
import { proxyHeaders } from './platform';
import { submitDrawing } from './submit';
import { taskView } from './task-view';
import { submitRequestSchema } from './wire';
import { messages } from '../../platform/i18n/catalogue';

type ModeParams = { mode?: string };
const idsSchema = z.object({ ids: z.array(z.string()).max(1000) });

/** midjourney-proxy's error shape: code 4 (request error) and the description; the HTTP status tells the rest. */
function sendFailure(reply: FastifyReply, request: FastifyRequest, error: unknown) {
  const failure = failureOf(error, request);
  return reply
    .status(failure.status)
    .send({ code: 4, description: failure.message, result: null, type: failure.type, error: failure.code });
}

/** A leading mode segment (`/mj-fast/mj/...`) must name a mode; it is dropped before forwarding. */
function checkMode(request: FastifyRequest): void {
  const mode = (request.params as ModeParams).mode;
  if (mode !== undefined && !mode.startsWith('mj-')) {
    const path = request.url.split('?')[0] ?? '';
    throw new RelayError(
      fill(messages.relay.invalidUrl, { method: request.method, path }),
      404,
      'invalid_url',
      'invalid_request_error',
    );
  }
}

/**
 * The midjourney-proxy relay (reference notes §9.1): submits with token auth (`Authorization` or
 * `mj-api-secret`), the caller's own tasks from the store, and the keyless image proxy; every route
 * also under a leading mode segment.
 */
export function registerMidjourneyRoutes(
  app: FastifyInstance,
  context: AppContext,
  services: RelayServices,
  store: MidjourneyStore,
): void {
  const guarded = taskRouteGuard(context, services, {
    option: 'DrawingEnabled',
    check: checkMode,
    envelope: (value) => value,
    sendFailure,
  });
  const images = new DrawingImages(context, store, services);
  /** The address the client called (behind a trusted proxy, the one it forwarded). */
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const submit = (kind: SubmitKind | 'swap-face') => (request: FastifyRequest, reply: FastifyReply) =>
    guarded(request, reply, (caller) =>
      submitDrawing(context, services, store, {
        caller,
        kind,
        body: bodyOf(request, submitRequestSchema),
        requestId: request.id,
      }),
    );

  for (const prefix of ['', '/:mode']) {
    for (const kind of submitKinds) app.post(`${prefix}/mj/submit/${kind}`, submit(kind));
    app.post(`${prefix}/mj/insight-face/swap`, submit('swap-face'));

    app.get<{ Params: { id: string } }>(`${prefix}/mj/task/:id/fetch`, (request, reply) =>
      guarded(request, reply, async (caller) => {
        const row = await store.ownTask(caller.user.id, request.params.id);
        if (!row) throw taskNotFound(request.params.id);
        return taskView(row, context.options, originOf(request), languageOf(request.headers['accept-language']));
      }),
    );

    app.post(`${prefix}/mj/task/list-by-condition`, (request, reply) =>
      guarded(request, reply, async (caller) => {
        const rows = await store.ownTasks(caller.user.id, bodyOf(request, idsSchema).ids);
        return rows.map((row) =>
          taskView(row, context.options, originOf(request), languageOf(request.headers['accept-language'])),
        );
      }),
    );

    app.get<{ Params: { id: string } }>(`${prefix}/mj/task/:id/image-seed`, async (request, reply) => {
      try {
        checkMode(request);
        const caller = await enabledCaller(context, services, request, 'DrawingEnabled');
        const row = await store.ownTask(caller.user.id, request.params.id);
        if (!row) throw taskNotFound(request.params.id);
        const channel = services.channels.channel(Number(row.channel_id));
        if (!channel) throw taskNotFound(request.params.id);
        const url = `${channel.baseUrl}/mj/task/${encodeURIComponent(row.mj_id)}/image-seed`;
        const answer = await callUpstream(services.agent, { url, method: 'GET', headers: proxyHeaders(channel) });
        return reply
          .status(answer.statusCode)
          .header('content-type', 'application/json')
          .send(await answer.body.text());
      } catch (error) {
        return sendFailure(reply, request, error);
      }
    });

    app.get<{ Params: { id: string } }>(`${prefix}/mj/image/:id`, async (request, reply) => {
      try {
        checkMode(request);
        await images.admit(request.ip);
        const image = await images.image(request.params.id);
        if (!image) throw taskNotFound(request.params.id);
        reply.header('content-type', image.mediaType || 'image/png');
        return reply.send(image.bytes);
      } catch (error) {
        return sendFailure(reply, request, error);
      }
    });
  }
}
