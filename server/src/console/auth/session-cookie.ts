import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, type SessionPayload } from '../../platform/session';
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

/** Signs the user in: a fresh session carrying the user's current session epoch. */
export async function startSession(reply: FastifyReply, context: AppContext, userId: number, epoch?: number): Promise<void> {
  const ep = epoch ?? (await new UserRepository(context.database).sessionEpochOf(userId));
  setSessionCookie(reply, context, { uid: userId, iat: Math.floor(Date.now() / 1000), ep });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
