import type { AppContext } from '../../app-context';
import { fill } from '../../platform/text';
import type { Caller } from '../authenticate';
import { invalidRequest } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { invalidBody, taskNotFound } from '../tasks/route-kit';
import { submitTask } from '../tasks/task-submit';
import { upstreamJson } from '../tasks/upstream-call';
import {
  actionOfCustomId,
  clearModeFlags,
  continuingKinds,
  fixedActionOf,
  freeActions,
  modelOfAction,
  parseSimpleChange,
  type SubmitKind,
} from './actions';
import type { MidjourneyStore } from './midjourney-store';
import { proxyHeaders } from './platform';
import { submitAnswerSchema, type SubmitAnswer, type SubmitRequest } from './wire';
import { messages } from '../../platform/i18n/catalogue';

/** Submit codes that mean the proxy took the task: 1 accepted, 21 already exists, 22 queued. */
const ACCEPTED_CODES = new Set([1, 21, 22]);

export interface DrawingSubmit {
  caller: Caller;
  /** a submit route, or the face swap */
  kind: SubmitKind | 'swap-face';
  body: SubmitRequest;
  requestId: string;
}

const unknownAction = (action: string) =>
  invalidRequest(fill(messages.relayTask.unknownAction, { action }), 'unknown_action');

/** The action of a continuing submit and the id of the task it continues. */
function continuation(kind: SubmitKind, body: SubmitRequest): { action: string; taskId: string } {
  if (kind === 'simple-change') {
    const parsed = parseSimpleChange(body.content ?? '');
    if (!parsed) throw invalidBody('content: expected "<taskId> U1-4", "<taskId> V1-4" or "<taskId> R"');
    return parsed;
  }
  if (!body.taskId) throw invalidBody('taskId: required');
  if (kind === 'modal') return { action: 'MODAL', taskId: body.taskId };
  if (kind === 'action') {
    const action = actionOfCustomId(body.customId ?? '');
    if (!action) throw unknownAction(body.customId ?? '');
    return { action, taskId: body.taskId };
  }
  const action = body.action?.toUpperCase() ?? '';
  if (!['UPSCALE', 'VARIATION', 'REROLL'].includes(action)) throw unknownAction(action);
  if (action !== 'REROLL' && !body.index) throw invalidBody('index: required');
  return { action, taskId: body.taskId };
}

/** The body forwarded to the proxy: notify hooks and account filters only when the options allow them. */
function forwardedBody(context: AppContext, body: SubmitRequest): SubmitRequest {
  const forwarded: SubmitRequest = { ...body };
  if (!context.options.boolean('MjNotifyEnabled')) delete forwarded.notifyHook;
  if (!context.options.boolean('MjAccountFilterEnabled')) delete forwarded.accountFilter;
  if (typeof forwarded.prompt === 'string' && context.options.boolean('MjModeClearEnabled'))
    forwarded.prompt = clearModeFlags(forwarded.prompt);
  return forwarded;
}

/**
 * One drawing submit: works out the action (and the earlier task it continues, which must be the
 * caller's and, with MjActionCheckSuccessEnabled, finished), bills it per call, forwards it to a
 * midjourney-proxy channel and stores the accepted task. Answers the proxy's body, codes 21 and 22
 * rewritten to 1 as the reference does.
 */
export async function submitDrawing(
  context: AppContext,
  services: RelayServices,
  store: MidjourneyStore,
  submit: DrawingSubmit,
): Promise<SubmitAnswer> {
  const { caller, kind, body } = submit;
  let action = kind === 'swap-face' ? 'SWAP_FACE' : fixedActionOf(kind);
  let channelId: number | undefined;
  let prompt = body.prompt ?? '';
  if (kind === 'imagine' && !prompt.trim()) throw invalidBody('prompt: required');
  if (kind !== 'swap-face' && continuingKinds.has(kind)) {
    const continued = continuation(kind, body);
    const origin = await store.ownTask(caller.user.id, continued.taskId);
    if (!origin) throw taskNotFound(continued.taskId);
    if (context.options.boolean('MjActionCheckSuccessEnabled') && origin.status !== 'SUCCESS' && kind !== 'modal') {
      throw invalidRequest(
        fill(messages.relayTask.taskNotSuccess, { id: continued.taskId }),
        'task_status_not_success',
      );
    }
    action = continued.action;
    channelId = Number(origin.channel_id);
    prompt = origin.prompt ?? '';
  }
  if (!action) throw unknownAction(kind);
  const path = kind === 'swap-face' ? '/mj/insight-face/swap' : `/mj/submit/${kind}`;
  const forwarded = JSON.stringify(forwardedBody(context, body));
  const model = modelOfAction(action);
  const drawingOf = (answer: SubmitAnswer, servedBy: number, quota: number) => ({
    mjId: typeof answer.result === 'string' ? answer.result : '',
    code: answer.code,
    userId: caller.user.id,
    tokenId: caller.token?.id ?? 0,
    group: caller.group,
    action: action as string,
    prompt,
    description: answer.description ?? '',
    channelId: servedBy,
    modelName: model,
    quota,
    properties: answer.properties,
  });
  const result = await submitTask(context, services, {
    service: 'midjourney',
    caller,
    model,
    units: freeActions.has(action) ? 0 : 1,
    channelId,
    requestId: submit.requestId,
    async send(channel) {
      const answer = await upstreamJson(
        services.agent,
        { url: `${channel.baseUrl}${path}`, headers: proxyHeaders(channel), body: forwarded },
        submitAnswerSchema,
      );
      return {
        accepted: ACCEPTED_CODES.has(answer.code),
        answer,
        logContent: `操作 ${action}，ID ${String(answer.result ?? '')}`,
      };
    },
    async record({ answer, channel, quota, subscriptionId }) {
      if (typeof answer.result !== 'string' || !answer.result) return;
      const existing =
        answer.code === 21 ? (answer.properties as { status?: unknown; imageUrl?: unknown } | undefined) : undefined;
      const finished = existing?.status === 'SUCCESS' && typeof existing.imageUrl === 'string';
      await store.insert({
        ...drawingOf(answer, channel.id, quota),
        status: finished ? 'SUCCESS' : 'SUBMITTED',
        progress: finished ? '100%' : '0%',
        imageUrl: finished ? (existing.imageUrl as string) : '',
        subscriptionId,
      });
    },
  });
  if (!result.accepted) {
    // Kept (as the reference does) so the drawing list shows the refused submit and its reason.
    const answer = result.answer;
    await store.insert({
      ...drawingOf(answer, result.channel.id, 0),
      status: 'FAILURE',
      progress: '0%',
      imageUrl: '',
      failReason: answer.description ?? '',
    });
  }
  return result.accepted ? { ...result.answer, code: 1 } : result.answer;
}
