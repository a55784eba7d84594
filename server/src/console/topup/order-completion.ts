import { formatMoney, formatQuota, QUOTA_PER_UNIT, type TopUpView } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { UserRepository } from '../user/repository';
import { creditTopUp } from './credit';
import type { TopUpRepository } from './top-up-repository';

/**
 * pending → success, and the credit of the units bought, for the one caller that wins the conditional
 * UPDATE (a gateway's repeated or parallel notifications, an administrator's "complete"). False for the others.
 */
export async function completeOrder(context: AppContext, topUps: TopUpRepository, order: TopUpView): Promise<boolean> {
  if (!(await topUps.markSucceeded(order.trade_no, nowSeconds()))) return false;
  const user = await new UserRepository(context.database).findById(order.user_id);
  const quota = order.amount * QUOTA_PER_UNIT;
  const formatted = formatQuota(quota, { inCurrency: true, quotaPerUnit: QUOTA_PER_UNIT });
  await creditTopUp(
    context,
    { id: order.user_id, username: user?.username ?? '' },
    quota,
    `使用在线充值成功，充值金额: ${formatted}，支付金额：${formatMoney(order.money)}`,
  );
  return true;
}
