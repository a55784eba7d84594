import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { fill } from '../../platform/text';
import { authenticateToken, type Caller } from '../authenticate';
import { invalidRequest, RelayError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { relayErrorBody } from '../relay-error-reply';
import { jsonOf } from '../formats/body-json';
import { messages } from '../../platform/i18n/catalogue';

/**
 * A failure of a task route as status, code, type and message (in the client's language, with the
 * request id), for platforms whose error shape is not OpenAI's; unknown errors are logged as 500s.
 */
export function failureOf(error: unknown, request: FastifyRequest) {
  const { status, body } = relayErrorBody(error, request);
  const { message, type, code } = (body as { error: { message: string; type: string; code: string } }).error;
  return { status: status === 499 ? 400 : status, code, type, message };
}

/** The JSON body of a task route through its schema; bad input is a 400 with a clear message. */
export function bodyOf<T>(request: FastifyRequest, schema: z.ZodType<T>): T {
  const raw = Buffer.isBuffer(request.body) ? request.body : null;
  let value: unknown;
  try {
    value = raw && raw.length > 0 ? jsonOf(raw) : {};
  } catch (error) {
    throw invalidBody(error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw invalidBody(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
    );
  return parsed.data;
}

export const invalidBody = (detail: string) =>
  invalidRequest(fill(messages.relayTask.invalidBody, { detail }), 'invalid_request_body');

/** Refuses the call when the administrator turned drawing (DrawingEnabled) or async tasks (TaskEnabled) off. */
export function requireEnabled(context: AppContext, option: 'DrawingEnabled' | 'TaskEnabled'): void {
  if (context.options.boolean(option)) return;
  const text = option === 'DrawingEnabled' ? messages.relayTask.drawingDisabled : messages.relayTask.tasksDisabled;
  throw new RelayError(
    text,
    403,
    option === 'DrawingEnabled' ? 'drawing_disabled' : 'task_disabled',
    'permission_error',
  );
}

export const taskNotFound = (id: string) =>
  new RelayError(fill(messages.relayTask.taskNotFound, { id }), 404, 'task_not_found', 'invalid_request_error');

/** The token holder calling a task route, while the administrator has the route's feature on. */
export async function enabledCaller(
  context: AppContext,
  services: RelayServices,
  request: FastifyRequest,
  option: 'DrawingEnabled' | 'TaskEnabled',
): Promise<Caller> {
  const caller = await authenticateToken(context, services, request);
  requireEnabled(context, option);
  return caller;
}

export interface TaskRouteShape {
  option: 'DrawingEnabled' | 'TaskEnabled';
  /** what the platform checks of the request before the caller (a path segment, say) */
  check?: (request: FastifyRequest) => void;
  /** the platform's success envelope around a handler's value */
  envelope: (value: unknown) => unknown;
  /** the platform's error shape */
  sendFailure: (reply: FastifyReply, request: FastifyRequest, error: unknown) => unknown;
}

/**
 * A task platform's route wrapper: the handler runs for an enabled caller; its value is answered with
 * 200 in the platform's envelope, any failure in the platform's error shape.
 */
export function taskRouteGuard(context: AppContext, services: RelayServices, shape: TaskRouteShape) {
  return async (request: FastifyRequest, reply: FastifyReply, handle: (caller: Caller) => Promise<unknown>) => {
    try {
      shape.check?.(request);
      const caller = await enabledCaller(context, services, request, shape.option);
      return reply.status(200).send(shape.envelope(await handle(caller)));
    } catch (error) {
      return shape.sendFailure(reply, request, error);
    }
  };
}
