import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { fill, languageOf, type Language } from '../../platform/text';
import { failReasonIn } from '../../domain/task-fail-reason';
import { invalidRequest, RelayError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import type { TaskRow } from '../../domain/task-rows';
import type { GenericTaskStore } from '../tasks/generic-task-store';
import { bodyOf, failureOf, taskNotFound, taskRouteGuard } from '../tasks/route-kit';
import { storedJson } from '../../domain/task-rows';
import { submitTask } from '../tasks/task-submit';
import { upstreamJson } from '../tasks/upstream-call';
import { sunoHeaders } from './platform';
import { fetchRequestSchema, submitAnswerSchema, submitRequestSchema } from './wire';
import { messages } from '../../platform/i18n/catalogue';

const actions = { music: 'MUSIC', lyrics: 'LYRICS' } as const;

/** A stored task as the Suno API's fetch answers it. */
export function sunoTaskView(row: TaskRow, language: Language) {
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: failReasonIn(row.fail_reason, language),
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    data: storedJson(row.data),
  };
}

/** The Suno API's error shape: `{code, message, data: null}` with the HTTP status. */
function sendFailure(reply: FastifyReply, request: FastifyRequest, error: unknown) {
  const failure = failureOf(error, request);
  return reply.status(failure.status).send({ code: failure.code, message: failure.message, data: null });
}

/**
 * The Suno relay (reference notes §9.2): `POST /suno/submit/{music|lyrics}` billed per call as
 * `suno_music` / `suno_lyrics`, and the caller's own tasks from the store.
 */
export function registerSunoRoutes(
  app: FastifyInstance,
  context: AppContext,
  services: RelayServices,
  store: GenericTaskStore,
): void {
  const guarded = taskRouteGuard(context, services, {
    option: 'TaskEnabled',
    envelope: (data) => ({ code: 'success', message: '', data }),
    sendFailure,
  });

  app.post<{ Params: { action: string } }>('/suno/submit/:action', (request, reply) =>
    guarded(request, reply, async (caller) => {
      const kind = request.params.action as keyof typeof actions;
      const action = actions[kind];
      if (!action)
        throw invalidRequest(
          fill(messages.relayTask.unknownAction, { action: request.params.action }),
          'unknown_action',
        );
      const body = bodyOf(request, submitRequestSchema);
      const model = `suno_${kind}`;
      const forwarded = JSON.stringify(body);
      const result = await submitTask(context, services, {
        service: 'suno',
        caller,
        model,
        units: 1,
        requestId: request.id,
        async send(channel) {
          const answer = await upstreamJson(
            services.agent,
            { url: `${channel.baseUrl}/suno/submit/${kind}`, headers: sunoHeaders(channel), body: forwarded },
            submitAnswerSchema,
          );
          const accepted = answer.code === 'success' && typeof answer.data === 'string' && answer.data !== '';
          return { accepted, answer, logContent: `操作 ${action}，ID ${String(answer.data ?? '')}` };
        },
        async record({ answer, channel, quota, subscriptionId }) {
          await store.insert({
            taskId: answer.data as string,
            userId: caller.user.id,
            tokenId: caller.token?.id ?? 0,
            group: caller.group,
            channelId: channel.id,
            modelName: model,
            quota,
            action,
            status: 'SUBMITTED',
            properties: { input: body.prompt ?? body.gpt_description_prompt ?? '' },
            data: null,
            subscriptionId,
          });
        },
      });
      if (!result.accepted) {
        const detail = result.answer.message || result.answer.code;
        throw new RelayError(
          fill(messages.relayTask.upstreamRefused, { detail }),
          400,
          'task_refused',
          'upstream_error',
        );
      }
      const taskId = result.answer.data as string;
      return taskId;
    }),
  );

  app.post('/suno/fetch', (request, reply) =>
    guarded(request, reply, async (caller) =>
      (await store.ownTasks(caller.user.id, bodyOf(request, fetchRequestSchema).ids)).map((row) =>
        sunoTaskView(row, languageOf(request.headers['accept-language'])),
      ),
    ),
  );

  app.get<{ Params: { id: string } }>('/suno/fetch/:id', (request, reply) =>
    guarded(request, reply, async (caller) => {
      const [row] = await store.ownTasks(caller.user.id, [request.params.id]);
      if (!row) throw taskNotFound(request.params.id);
      return sunoTaskView(row, languageOf(request.headers['accept-language']));
    }),
  );
}
