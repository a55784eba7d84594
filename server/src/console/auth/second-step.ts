import type { SessionUser } from '@switchboard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { languageOf } from '../../platform/text';
import { readFlow, writeFlow } from '../account/session-flow';
import { ok } from '../envelope';
import { TwoFactorRepository } from '../two-factor/repository';
import { UserRepository } from '../user/repository';
import { AuthFlows } from './auth-flows';
import { startSession } from './session-cookie';
import { messages } from '../../platform/i18n/catalogue';

/** The flow value of the session cookie that names a pending two-factor sign-in. */
export const PENDING_TWO_FACTOR = 'two_factor';

/**
 * After the right password: a user without two-factor is signed in; a user with it gets no session
 * yet, but a five-minute pending sign-in kept in the session cookie (and named by `flow_token` too,
 * for clients that carry it themselves), completed by `POST /api/user/login/2fa`.
 */
export async function completeOrAskSecondStep(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  user: SessionUser,
) {
  const factor = await new TwoFactorRepository(context.database).find(user.id);
  if (factor?.is_enabled !== 1) {
    await startSession(reply, context, user.id);
    return ok(user);
  }
  const epoch = await new UserRepository(context.database).sessionEpochOf(user.id);
  const flow = await new AuthFlows(context.database).begin({
    purpose: '2fa_login',
    userId: user.id,
    sessionId: '',
    epoch,
    payload: {},
  });
  writeFlow(request, reply, context, { [PENDING_TWO_FACTOR]: flow.flow_token });
  const message = messages.twoFactor.required[languageOf(request.headers['accept-language'])];
  return ok({ require_2fa: true, ...flow }, message);
}

/** The pending sign-in's token: the one the client sent, else the one in its session cookie. */
export function pendingSignInToken(request: FastifyRequest, context: AppContext, given: string | undefined): string {
  return given?.trim() || readFlow(request, context, PENDING_TWO_FACTOR) || '';
}
