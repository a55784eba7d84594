import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { readFlow, writeFlow } from './session-flow';
import { messages } from '../../platform/i18n/catalogue';

const TURNSTILE_FLOW = 'turnstile';
const verdictSchema = z.object({ success: z.boolean() });

async function verify(context: AppContext, token: string, ip: string): Promise<boolean> {
  const form = new URLSearchParams({
    secret: context.options.string('TurnstileSecretKey'),
    response: token,
    remoteip: ip,
  });
  try {
    const response = await fetch(context.options.string('TurnstileVerifyEndpoint'), {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    const verdict = verdictSchema.safeParse(await response.json());
    return verdict.success && verdict.data.success;
  } catch {
    return false;
  }
}

/**
 * The human check (TurnstileCheckEnabled): the `turnstile` query token is verified once per session;
 * a passed check is remembered in the signed session cookie.
 */
export function turnstileCheck(context: AppContext) {
  return async function check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!context.options.boolean('TurnstileCheckEnabled')) return;
    if (readFlow(request, context, TURNSTILE_FLOW) === '1') return;
    const token = (request.query as { turnstile?: unknown } | undefined)?.turnstile;
    if (typeof token !== 'string' || token === '') throw new AppError(messages.account.turnstileEmpty);
    if (!(await verify(context, token, request.ip))) throw new AppError(messages.account.turnstileFailed);
    writeFlow(request, reply, context, { [TURNSTILE_FLOW]: '1' });
  };
}
