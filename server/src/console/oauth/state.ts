import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { readFlow, writeFlow } from '../account/session-flow';
import { CodeStore } from '../verification/code-store';
import { messages } from '../../platform/i18n/catalogue';

const STATE_FLOW = 'oauth_state';
const STATE_LENGTH = 12;
const STATE_TTL_SECONDS = 10 * 60;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * `GET /api/oauth/state`: a 12-character state stored in the database (one use, ten minutes, any
 * instance can check it) and in this browser's signed session, carrying the optional invite code.
 */
export async function issueState(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  aff: string,
): Promise<string> {
  const state = [...randomBytes(STATE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  await new CodeStore(context.database).issue('oauth', state, state, STATE_TTL_SECONDS, aff.slice(0, 32));
  writeFlow(request, reply, context, { [STATE_FLOW]: state });
  return state;
}

/** Claims the callback's state: it must be this browser's and unused; answers the invite code it carried. */
export async function claimState(request: FastifyRequest, context: AppContext, state: string): Promise<string> {
  const refused = new AppError(messages.oauth.stateMismatch, { status: 403, code: 'oauth_state_mismatch' });
  if (!state || readFlow(request, context, STATE_FLOW) !== state) throw refused;
  const aff = await new CodeStore(context.database).consume('oauth', state, state);
  if (aff === null) throw refused;
  return aff;
}
