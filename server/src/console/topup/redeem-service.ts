import { RedemptionStatus } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { inTransaction } from '../../db/database';
import { AppError } from '../../platform/errors';
import { messages } from '../../platform/i18n/catalogue';
import { logQuota } from '../credits/log-quota';
import { pendingCredits } from '../credits/pending-credits';
import { RedemptionRepository } from '../redemption/repository';

/**
 * Redeems a code for `user` (spec 001 §5 Top-up). The conditional UPDATE unused → used decides
 * the one winner among racing requests; only the winner is credited, exactly once also across a
 * crash (console/credits/pending-credits.ts). Answers the quota added.
 */
export async function redeemCode(
  context: AppContext,
  user: { id: number; username: string },
  given: string | undefined,
): Promise<number> {
  const key = (given ?? '').trim();
  if (key === '') throw new AppError(messages.topUp.keyRequired);
  const repository = new RedemptionRepository(context.database);
  const code = await repository.findByKey(key);
  if (!code) throw new AppError(messages.topUp.keyInvalid);
  if (code.status === RedemptionStatus.Disabled) throw new AppError(messages.topUp.keyDisabled);
  if (code.status === RedemptionStatus.Used) throw new AppError(messages.topUp.keyUsed);
  const credited = await pendingCredits(context).consumeThenCredit(user, async (transaction) => {
    const codes = new RedemptionRepository(inTransaction(context.database, transaction));
    if (!(await codes.claim(key, user.id, nowSeconds()))) return null;
    const content = `通过兑换码充值 ${logQuota(context, code.quota)}，兑换码ID ${code.id}`;
    return { userId: user.id, amount: code.quota, reason: 'top-up', content, witness: `redemption:${code.id}` };
  });
  if (!credited) {
    // Another request took it (or an administrator disabled it) since it was read.
    const now = await repository.findByKey(key);
    throw new AppError(now?.status === RedemptionStatus.Disabled ? messages.topUp.keyDisabled : messages.topUp.keyUsed);
  }
  return code.quota;
}
