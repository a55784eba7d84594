import { UserStatus, USERNAME_MAX_LENGTH, type SessionUser } from '@switchboard/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { emailInUse } from '../account/email-rules';
import { createUser } from '../account/new-user';
import { readSession } from '../account/session-flow';
import { UserRepository, type BindingColumn, type UserRow } from '../user/repository';
import { toSessionUser } from '../user/user-view';
import { messages } from '../../platform/i18n/catalogue';

/** A third-party sign-in method: where its id is kept, its name in messages, its username prefix. */
export interface Binding {
  column: Exclude<BindingColumn, 'email'>;
  provider: string;
  prefix: string;
}

export const bindings = {
  github: { column: 'github_id', provider: 'GitHub', prefix: 'github' },
  linuxdo: { column: 'linux_do_id', provider: 'Linux DO', prefix: 'linuxdo' },
  wechat: { column: 'wechat_id', provider: 'WeChat', prefix: 'wechat' },
  telegram: { column: 'telegram_id', provider: 'Telegram', prefix: 'telegram' },
  oidc: { column: 'oidc_id', provider: 'OIDC', prefix: 'oidc' },
} satisfies Record<string, Binding>;

/** The live user of the session cookie, if the caller is signed in. */
export async function sessionUser(request: FastifyRequest, context: AppContext): Promise<UserRow | undefined> {
  const session = readSession(request, context);
  if (!session || session.uid <= 0) return undefined;
  const user = await new UserRepository(context.database).findById(session.uid);
  return user && user.deleted_at === null ? user : undefined;
}

/** Links a third-party account to `user`, unless another user already holds it. */
export async function bindAccount(
  context: AppContext,
  user: UserRow,
  binding: Binding,
  externalId: string,
): Promise<void> {
  const users = new UserRepository(context.database);
  const holder = await users.findByBinding(binding.column, externalId);
  if (holder && holder.id !== user.id)
    throw new AppError(fill(messages.oauth.alreadyBound, { provider: binding.provider }));
  await users.update(user.id, { [binding.column]: externalId });
  await context.bus.userChanged(user.id);
}

const SUGGESTION_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${USERNAME_MAX_LENGTH}}$`);

/** The provider's own login when it is free and fits, else `<prefix>_<next id>` (made unique). */
async function uniqueUsername(context: AppContext, prefix: string, suggestion: string): Promise<string> {
  const users = new UserRepository(context.database);
  if (SUGGESTION_PATTERN.test(suggestion) && !(await users.usernameTaken(suggestion))) return suggestion;
  const next = (await users.maxId()) + 1;
  let candidate = `${prefix}_${next}`;
  while (await users.usernameTaken(candidate)) candidate = `${prefix}_${next}_${randomBytes(3).toString('hex')}`;
  return candidate;
}

/**
 * Signs in the user bound to a third-party account, creating one on first use (when registration
 * is open), with the invite code the OAuth state carried.
 */
export async function signInWithBinding(
  context: AppContext,
  binding: Binding,
  account: { id: string; username: string; displayName: string; email?: string },
  affCode: string,
): Promise<SessionUser> {
  const users = new UserRepository(context.database);
  let user = await users.findByBinding(binding.column, account.id);
  if (!user) {
    if (!context.options.boolean('RegisterEnabled')) throw new AppError(messages.account.registerDisabled);
    const username = await uniqueUsername(context, binding.prefix, account.username);
    const id = await createUser(context, {
      username,
      password: '',
      display_name: account.displayName.slice(0, 20) || username,
      // the provider's address becomes the account's when nobody else holds it
      email: account.email && !(await emailInUse(context, account.email)) ? account.email : '',
      [binding.column]: account.id,
      affCode,
    });
    user = await users.findById(id);
    if (!user) throw new Error(`user ${id} vanished after creation`);
  }
  if (user.status !== UserStatus.Enabled) throw new AppError(messages.common.userBanned, { code: 'user_banned' });
  return toSessionUser(user);
}
