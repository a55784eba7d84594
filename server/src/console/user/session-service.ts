import { UserStatus, type SessionUser } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { verifyPassword, verifyPasswordOfNobody } from '../../platform/password';
import { loginAttempts } from '../auth/login-attempts';
import { UserRepository } from './repository';
import { toSessionUser } from './user-view';
import { messages } from '../../platform/i18n/catalogue';

/**
 * Password sign-in: username or email, and password; honours PasswordLoginEnabled. Failures are
 * counted per address and account (auth/login-attempts.ts); an unknown user costs a verification
 * like a wrong password does, so timing does not reveal which accounts exist.
 */
export async function signInWithPassword(
  context: AppContext,
  login: string,
  password: string,
  address: string,
): Promise<SessionUser> {
  if (!context.options.boolean('PasswordLoginEnabled')) throw new AppError(messages.user.passwordLoginDisabled);
  const username = login.trim();
  if (!username || !password) throw new AppError(messages.user.credentialsRequired);
  const user = await new UserRepository(context.database).findByLogin(username);
  // An account is counted by its id, however it is named (username or email); an unknown name by itself.
  const account = user ? `user:${user.id}` : `login:${username.toLowerCase()}`;
  const attempts = loginAttempts(context);
  await attempts.refuseWhenLocked(address, account);
  const verified = user ? await verifyPassword(password, user.password) : await verifyPasswordOfNobody(password);
  if (!user || !verified || user.status !== UserStatus.Enabled) {
    await attempts.recordFailure(address, account);
    throw new AppError(messages.user.wrongCredentials);
  }
  return toSessionUser(user);
}
