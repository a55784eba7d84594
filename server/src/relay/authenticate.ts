import { isTokenExhausted, isTokenExpired, Role, UserStatus, USER_ID_HEADER } from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { EndedSessions } from '../platform/ended-sessions';
import { SESSION_COOKIE } from '../platform/session';
import { fill, type Text } from '../platform/text';
import { isAllowed } from './caches/ip-allow-list';
import type { CachedToken } from './caches/token-cache';
import type { CachedUser } from './caches/user-cache';
import { RelayError } from './relay-error';
import type { RelayServices } from './relay-services';
import { requestCookies } from '../platform/request-cookies';
import { messages } from '../platform/i18n/catalogue';

/** Who is calling and in which group, once authenticated. */
export interface Caller {
  user: CachedUser;
  /** null for playground calls (billed to the user alone) */
  token: CachedToken | null;
  group: string;
  /** channel id pinned with `sk-<key>-<channel>` (admins only) */
  pinnedChannelId: number | null;
}

const unauthorized = (text = messages.relay.invalidKey) =>
  new RelayError(text, 401, 'invalid_api_key', 'authentication_error');
const forbidden = (text: Text, code: string) => new RelayError(text, 403, code, 'permission_error');

/** The key from Authorization (Bearer or raw), x-api-key, x-goog-api-key, ?key= or mj-api-secret. */
function keyOf(request: FastifyRequest): string {
  const headers = request.headers;
  let key = headers.authorization ?? '';
  if (key.startsWith('Bearer ') || key.startsWith('bearer ')) key = key.slice(7);
  if (!key || key === 'midjourney-proxy') {
    key =
      (headers['x-api-key'] as string | undefined) ??
      (headers['x-goog-api-key'] as string | undefined) ??
      (request.query as { key?: string } | undefined)?.key ??
      (headers['mj-api-secret'] as string | undefined) ??
      '';
  }
  return key.trim();
}

function usableGroups(context: AppContext, user: CachedUser): Set<string> {
  const groups = new Set(Object.keys(context.options.json<Record<string, string>>('UserUsableGroups') ?? {}));
  groups.add(user.group);
  return groups;
}

function checkedUser(user: CachedUser | null | undefined): CachedUser {
  if (!user || user.deleted) throw unauthorized();
  if (user.status !== UserStatus.Enabled) throw forbidden(messages.common.userBanned, 'user_banned');
  return user;
}

async function activeUser(services: RelayServices, userId: number): Promise<CachedUser> {
  return checkedUser(await services.users.get(userId));
}

/** Callers authenticated before their body was read (body-guard.ts), so that routes do not do it twice. */
const authenticatedCallers = new WeakMap<FastifyRequest, Caller>();

/**
 * Authenticates an `sk-` key: token status, expiry, balance, IP allow list, user, group, channel pin.
 * Answers at once (no promise) when the token, its user and its balance are in memory, as they are
 * in steady state: a promise and an await per step cost more than the checks themselves.
 */
export function authenticateToken(
  context: AppContext,
  services: RelayServices,
  request: FastifyRequest,
): Caller | Promise<Caller> {
  const known = authenticatedCallers.get(request);
  if (known) return known;
  const caller = authenticateKey(context, services, request);
  if (caller instanceof Promise) {
    return caller.then((found) => {
      authenticatedCallers.set(request, found);
      return found;
    });
  }
  authenticatedCallers.set(request, caller);
  return caller;
}

function authenticateKey(
  context: AppContext,
  services: RelayServices,
  request: FastifyRequest,
): Caller | Promise<Caller> {
  return authenticateGivenKey(context, services, keyOf(request), request.ip);
}

/** Authenticates a key found elsewhere than in an HTTP request's usual places (a WebSocket subprotocol), for a client at `ip`. */
export function authenticateGivenKey(
  context: AppContext,
  services: RelayServices,
  given: string,
  ip: string,
): Caller | Promise<Caller> {
  if (!given) throw unauthorized(messages.relay.noKey);
  const [key = '', pin] = (given.startsWith('sk-') ? given.slice(3) : given).split('-');
  const found = services.tokens.get(key);
  return found instanceof Promise
    ? found.then((token) => tokenCaller(context, services, ip, token, pin))
    : tokenCaller(context, services, ip, found, pin);
}

function tokenCaller(
  context: AppContext,
  services: RelayServices,
  ip: string,
  token: CachedToken | null | undefined,
  pin: string | undefined,
): Caller | Promise<Caller> {
  if (!token) throw unauthorized();
  if (token.status !== 1) throw unauthorized(messages.relay.tokenDisabled);
  if (isTokenExpired({ expired_time: token.expiredTime }, Date.now() / 1000))
    throw unauthorized(messages.relay.tokenExpired);
  if (token.unlimited || context.balances.tokenSurelyAbove(token.id, 0))
    return fundedCaller(context, services, ip, token, pin);
  return context.balances.tokenRemain(token.id).then((remain) => {
    if (isTokenExhausted({ remain_quota: remain, unlimited_quota: false }))
      throw unauthorized(messages.relay.tokenExhausted);
    return fundedCaller(context, services, ip, token, pin);
  });
}

function fundedCaller(
  context: AppContext,
  services: RelayServices,
  ip: string,
  token: CachedToken,
  pin: string | undefined,
): Caller | Promise<Caller> {
  if (token.allowList && !isAllowed(token.allowList, ip)) {
    throw forbidden(fill(messages.relay.ipNotAllowed, { ip }), 'ip_not_allowed');
  }
  const found = services.users.get(token.userId);
  return found instanceof Promise
    ? found.then((user) => callerOf(context, token, checkedUser(user), pin))
    : callerOf(context, token, checkedUser(found), pin);
}

function callerOf(context: AppContext, token: CachedToken, user: CachedUser, pin: string | undefined): Caller {
  const group = token.group || user.group;
  if (token.group) {
    if (!usableGroups(context, user).has(token.group))
      throw forbidden(fill(messages.relay.groupNotAllowed, { group }), 'group_not_allowed');
    if (!(token.group in (context.options.json<Record<string, number>>('GroupRatio') ?? {}))) {
      throw forbidden(fill(messages.relay.groupRetired, { group }), 'group_retired');
    }
  }
  let pinnedChannelId: number | null = null;
  if (pin !== undefined && /^\d+$/.test(pin)) {
    if (user.role < Role.Admin) throw forbidden(messages.relay.channelPinForbidden, 'channel_pin_forbidden');
    pinnedChannelId = Number(pin);
  }
  return { user, token, group, pinnedChannelId };
}

/**
 * The playground's caller: the console session and the user-id header, as on the console API, with
 * an optional group the user may use.
 */
export async function authenticateSession(
  context: AppContext,
  services: RelayServices,
  request: FastifyRequest,
  requestedGroup: unknown,
): Promise<Caller> {
  const session = context.sessions.decode(requestCookies(request)[SESSION_COOKIE]);
  const header = request.headers[USER_ID_HEADER.toLowerCase()];
  if (!session || typeof header !== 'string' || Number(header) !== session.uid) {
    throw new RelayError(messages.common.notLoggedIn, 401, 'unauthorized', 'authentication_error');
  }
  // A signed-out session is looked up in the database, like every console call does: exact on every instance.
  const [user, ended] = await Promise.all([
    activeUser(services, session.uid),
    new EndedSessions(context.database).isEnded(session),
  ]);
  if (ended || (session.ep ?? 0) !== user.sessionEpoch)
    throw new RelayError(messages.common.notLoggedIn, 401, 'unauthorized', 'authentication_error');
  let group = user.group;
  if (typeof requestedGroup === 'string' && requestedGroup && requestedGroup !== user.group) {
    if (!usableGroups(context, user).has(requestedGroup)) {
      throw forbidden(fill(messages.relay.groupNotAllowed, { group: requestedGroup }), 'group_not_allowed');
    }
    group = requestedGroup;
  }
  return { user, token: null, group, pinnedChannelId: null };
}

/** Refuses a model outside the token's model limits. */
export function checkModelAllowed(caller: Caller, model: string): void {
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model)) {
    throw forbidden(fill(messages.relay.modelNotAllowed, { model }), 'model_not_allowed');
  }
}
