import { UserStatus, type SessionUser } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/password';
import { userMessages } from './messages';
import { UserRepository } from './repository';
import { toSessionUser } from './user-view';

/** Password sign-in: username or email, and password; honours PasswordLoginEnabled. */
export async function signInWithPassword(context: AppContext, login: string, password: string): Promise<SessionUser> {
  if (!context.options.boolean('PasswordLoginEnabled')) throw new AppError(userMessages.passwordLoginDisabled);
  const username = login.trim();
  if (!username || !password) throw new AppError(userMessages.credentialsRequired);
  const users = new UserRepository(context.database);
  const user = await users.findByLogin(username);
  if (!user || !(await verifyPassword(password, user.password)) || user.status !== UserStatus.Enabled) {
    throw new AppError(userMessages.wrongCredentials);
  }
  return toSessionUser(user);
}
