import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { SESSION_COOKIE, type SessionPayload } from '../../platform/session';
import { setSessionCookie } from '../auth/session-cookie';
import { requestCookies } from '../../platform/request-cookies';

/** The session as the cookie carries it; a visitor who never signed in has uid 0. */
export function readSession(request: FastifyRequest, context: AppContext): SessionPayload | null {
  return context.sessions.decode(requestCookies(request)[SESSION_COOKIE]);
}

/** A short-lived value of a sign-in flow (OAuth state, human check passed), kept in the signed cookie. */
export function readFlow(request: FastifyRequest, context: AppContext, name: string): string | undefined {
  return readSession(request, context)?.flow?.[name];
}

/** Stores flow values beside whatever the session already holds (a signed-in user stays signed in). */
export function writeFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
  values: Record<string, string>,
): void {
  const session = readSession(request, context) ?? { uid: 0, iat: Math.floor(Date.now() / 1000) };
  setSessionCookie(reply, context, { ...session, flow: { ...session.flow, ...values } });
}
