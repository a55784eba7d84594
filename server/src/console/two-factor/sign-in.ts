import { UserStatus, type SessionUser } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { AuthFlows } from '../auth/auth-flows';
import { UserRepository } from '../user/repository';
import { toSessionUser } from '../user/user-view';
import type { TwoFactorService } from './two-factor-service';
import { messages } from '../../platform/i18n/catalogue';

/**
 * The second sign-in step: the pending flow must be live and the user's sessions not ended since
 * (a raised epoch voids it); a right code (TOTP or backup) consumes the flow, once.
 */
export async function completeTwoFactorSignIn(
  context: AppContext,
  twoFactor: TwoFactorService,
  flowToken: string,
  code: string,
): Promise<SessionUser> {
  const flows = new AuthFlows(context.database);
  const flow = await flows.find(flowToken, '2fa_login');
  if (!flow) throw new AppError(messages.twoFactor.flowExpired);
  const user = await new UserRepository(context.database).findById(flow.userId);
  if (!user || user.deleted_at !== null || user.session_epoch !== flow.epoch)
    throw new AppError(messages.twoFactor.flowExpired);
  if (user.status !== UserStatus.Enabled) throw new AppError(messages.common.userBanned);
  await twoFactor.check(user.id, code, { backupCodes: true });
  if (!(await flows.consume(flowToken))) throw new AppError(messages.twoFactor.flowExpired);
  return toSessionUser(user);
}
