import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { fill, languageOf, type Language } from '../../platform/text';
import { failReasonIn } from '../../domain/task-fail-reason';
import type { Caller } from '../authenticate';
import { invalidRequest, RelayError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { storedTask, type GenericTaskStore } from '../tasks/generic-task-store';
import type { TaskRow } from '../../domain/task-rows';
import type { TaskPlatform } from '../tasks/task-platform';
import { TaskRefresher } from '../tasks/task-refresher';
import { enabledCaller, invalidBody, taskNotFound } from '../tasks/route-kit';
import { storedJson } from '../../domain/task-rows';
import { submitTask } from '../tasks/task-submit';
import { callUpstream, upstreamJson } from '../tasks/upstream-call';
import { snapshotOf, videoHeaders } from './platform';
import { videoRequestFacts, videoSchema } from './wire';
import { messages } from '../../platform/i18n/catalogue';

/** The ModelPrice entry of a per-second price: `<model>/second`, US dollars per second of video. */
export const perSecondPriceKey = (model: string) => `${model}/second`;

/** A stored job as OpenAI's video object, as last read from the upstream; a job that timed out here reads as failed. */
function videoView(row: TaskRow, language: Language) {
  const stored = (storedJson(row.data) ?? {}) as Record<string, unknown>;
  if (row.status === 'FAILURE' && stored.status !== 'failed') {
    return {
      ...stored,
      id: row.task_id,
      status: 'failed',
      error: { code: 'task_failed', message: failReasonIn(row.fail_reason, language) },
    };
  }
  return { ...stored, id: row.task_id };
}

/**
 * OpenAI's video API (`POST /v1/videos`, `GET /v1/videos/{id}`, `GET /v1/videos/{id}/content`) for
 * channels that speak it (type 55): billed per call from ModelPrice, or per second of video when
 * ModelPrice has `<model>/second`; errors in OpenAI's shape (the relay scope's error handler).
 */
export function registerOpenAIVideoRoutes(
  app: FastifyInstance,
  context: AppContext,
  services: RelayServices,
  platform: TaskPlatform & { store: GenericTaskStore },
): void {
  const store = platform.store;
  const refresher = new TaskRefresher(context, services, platform);
  const ownJob = async (
    request: FastifyRequest<{ Params: { id: string } }>,
  ): Promise<{ caller: Caller; row: TaskRow }> => {
    const caller = await enabledCaller(context, services, request, 'TaskEnabled');
    const [row] = await store.ownTasks(caller.user.id, [request.params.id]);
    if (!row) throw taskNotFound(request.params.id);
    return { caller, row };
  };

  app.post('/v1/videos', async (request) => {
    const caller = await enabledCaller(context, services, request, 'TaskEnabled');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const contentType = request.headers['content-type'] ?? 'application/json';
    const facts = videoRequestFacts(raw, contentType);
    if ('problem' in facts) throw invalidBody(facts.problem);
    const perSecond =
      context.options.json<Record<string, number>>('ModelPrice')?.[perSecondPriceKey(facts.model)] !== undefined;
    const result = await submitTask(context, services, {
      service: 'video',
      caller,
      model: facts.model,
      priceModel: perSecond ? perSecondPriceKey(facts.model) : undefined,
      units: perSecond ? facts.seconds : 1,
      requestId: request.id,
      async send(channel) {
        const headers = { ...videoHeaders(channel), 'content-type': contentType };
        const video = await upstreamJson(
          services.agent,
          { url: `${channel.baseUrl}/v1/videos`, headers, body: raw },
          videoSchema,
        );
        return { accepted: true, answer: video, logContent: `视频 ${facts.seconds} 秒，ID ${video.id}` };
      },
      async record({ answer: video, channel, quota, subscriptionId }) {
        await store.insert({
          taskId: video.id,
          userId: caller.user.id,
          tokenId: caller.token?.id ?? 0,
          group: caller.group,
          channelId: channel.id,
          modelName: facts.model,
          quota,
          action: 'generate',
          status: snapshotOf(video).status,
          properties: { seconds: facts.seconds },
          data: video,
          subscriptionId,
        });
      },
    });
    const video = result.answer;
    return video;
  });

  app.get<{ Params: { id: string } }>('/v1/videos/:id', async (request) => {
    const { caller, row } = await ownJob(request);
    let current = row;
    if (row.status !== 'SUCCESS' && row.status !== 'FAILURE') {
      await refresher.refresh(storedTask(row));
      [current = row] = await store.ownTasks(caller.user.id, [row.task_id]);
    }
    return videoView(current, languageOf(request.headers['accept-language']));
  });

  app.get<{ Params: { id: string } }>('/v1/videos/:id/content', async (request, reply) => {
    const { row } = await ownJob(request);
    if (row.status !== 'SUCCESS')
      throw invalidRequest(fill(messages.relayTask.noResultYet, { id: row.task_id }), 'video_not_ready');
    const channel = services.channels.channel(Number(row.channel_id));
    if (!channel)
      throw new RelayError(messages.relayTask.taskChannelDisabled, 403, 'channel_not_found', 'permission_error');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const url = `${channel.baseUrl}/v1/videos/${encodeURIComponent(row.task_id)}/content${query}`;
    const content = await callUpstream(services.agent, { url, method: 'GET', headers: videoHeaders(channel) });
    reply
      .status(content.statusCode)
      .header('content-type', String(content.headers['content-type'] ?? 'application/octet-stream'));
    return reply.send(content.body);
  });
}
