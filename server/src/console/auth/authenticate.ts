import { UserStatus } from '@switchboard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { EndedSessions } from '../../platform/ended-sessions';
import { SESSION_COOKIE } from '../../platform/session';
import { UserRepository, type UserRow } from '../user/repository';
import { requestCookies } from '../../platform/request-cookies';
import type { Text } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by a guard. */
    user?: UserRow;
  }
}

const unauthorized = (text: Text) => new AppError(text, { status: 401, code: 'unauthorized' });

/** The system access token, given raw or as `Bearer <token>`. */
function accessTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/**
 * Identifies the caller by the session cookie, or by a system access token instead, and checks
 * that the `New-Api-User` header names the same user. Failures are HTTP 401.
 */
async function identify(
  request: FastifyRequest,
  context: AppContext,
  users: UserRepository,
  endedSessions: EndedSessions,
): Promise<UserRow> {
  const session = context.sessions.decode(requestCookies(request)[SESSION_COOKIE]);
  let user: UserRow | undefined;
  if (session) {
    let ended: boolean;
    [user, ended] = await Promise.all([users.findById(session.uid), endedSessions.isEnded(session)]);
    if (ended) throw unauthorized(messages.common.notLoggedIn);
  } else {
    const accessToken = accessTokenOf(request);
    if (!accessToken) throw unauthorized(messages.common.notLoggedIn);
    user = await users.findByAccessToken(accessToken);
    if (!user) throw unauthorized(messages.common.invalidAccessToken);
  }
  const header = request.headers['new-api-user'];
  const claimed = Array.isArray(header) ? header[0] : header;
  if (claimed === undefined || claimed === '') throw unauthorized(messages.common.userHeaderMissing);
  if (!/^\d+$/.test(claimed)) throw unauthorized(messages.common.userHeaderMalformed);
  if (!user || user.deleted_at !== null) throw unauthorized(messages.common.notLoggedIn);
  // The row is read on every console call anyway, so a raised epoch ends the session on every instance at
  // once. A banned user still hears why rather than a bare "log in again".
  if (session && (session.ep ?? 0) !== user.session_epoch) {
    if (user.status !== UserStatus.Enabled) throw new AppError(messages.common.userBanned, { code: 'user_banned' });
    throw unauthorized(messages.common.notLoggedIn);
  }
  if (Number(claimed) !== user.id) throw unauthorized(messages.common.userHeaderMismatch);
  return user;
}

/**
 * A route hook that admits signed-in users of at least `minimumRole`; banned users are refused.
 * Routes run it as `preValidation`, so a caller without the right learns nothing from validation messages.
 */
export function requireRole(context: AppContext, minimumRole: number) {
  const users = new UserRepository(context.database);
  const endedSessions = new EndedSessions(context.database);
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await identify(request, context, users, endedSessions);
    if (user.status !== UserStatus.Enabled) throw new AppError(messages.common.userBanned, { code: 'user_banned' });
    if (user.role < minimumRole) throw new AppError(messages.common.permissionDenied, { code: 'permission_denied' });
    request.user = user;
  };
}

/** The user a guard admitted; calling it on an unguarded route is a programming error. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('route is missing an authentication guard');
  return request.user;
}
