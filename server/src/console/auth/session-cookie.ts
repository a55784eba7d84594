import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { EndedSessions } from '../../platform/ended-sessions';
import { requestCookies } from '../../platform/request-cookies';
import { newSessionId, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, type SessionPayload } from '../../platform/session';
import { UserRepository } from '../user/repository';

/** Sets the signed session cookie: HttpOnly, SameSite=Strict, 30 days. */
export function setSessionCookie(reply: FastifyReply, context: AppContext, payload: SessionPayload): void {
  reply.setCookie(SESSION_COOKIE, context.sessions.encode(payload), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: context.config.SESSION_COOKIE_SECURE,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** Signs the user in: a fresh session with its own id, carrying the user's current session epoch. */
export async function startSession(
  reply: FastifyReply,
  context: AppContext,
  userId: number,
  epoch?: number,
): Promise<void> {
  const ep = epoch ?? (await new UserRepository(context.database).sessionEpochOf(userId));
  setSessionCookie(reply, context, { uid: userId, iat: Math.floor(Date.now() / 1000), ep, sid: newSessionId() });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Signs out: the caller's session is ended on every instance (its id recorded as ended), not just
 * forgotten by this browser. A cookie from before session ids existed cannot be told apart from the
 * user's other sessions, so signing it out ends all of them (the session epoch is raised).
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply, context: AppContext): Promise<void> {
  const session = context.sessions.decode(requestCookies(request)[SESSION_COOKIE]);
  clearSessionCookie(reply);
  if (!session || session.uid <= 0) return;
  if (session.sid) {
    await new EndedSessions(context.database).end({ ...session, sid: session.sid });
    return;
  }
  const users = new UserRepository(context.database);
  if ((session.ep ?? 0) !== (await users.sessionEpochOf(session.uid))) return;
  await users.endSessions(session.uid);
  await context.bus.userChanged(session.uid);
}

/**
 * After a change to how the account signs in (two-factor, passkey): every other session of the user
 * ends on every instance, and this browser carries on with a fresh session of the new epoch.
 */
export async function endOtherSessions(reply: FastifyReply, context: AppContext, userId: number): Promise<void> {
  const epoch = await new UserRepository(context.database).endSessions(userId);
  await context.bus.userChanged(userId);
  await startSession(reply, context, userId, epoch);
}

/** An administrator's reset: every session of the user ends, on every instance. */
export async function endAllSessions(context: AppContext, userId: number): Promise<void> {
  await new UserRepository(context.database).endSessions(userId);
  await context.bus.userChanged(userId);
}
