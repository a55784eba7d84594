import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { ledgerOf, type CreditReason } from '../../ledger/index';

/**
 * Adds quota a user has paid for (a redeemed code, a completed payment) or earned (a check-in) through
 * the ledger, which journals the credit with its log row; answers once the credit is durable, then tells
 * the caches. Only the winner of the conditional write that consumed the code, order or day may call it.
 */
export async function creditTopUp(
  context: AppContext,
  user: { id: number; username: string },
  quota: number,
  content: string,
  reason: CreditReason = 'top-up',
  requestId?: string,
): Promise<void> {
  const ledger = ledgerOf(context);
  await ledger.credit({
    userId: user.id,
    username: user.username,
    amount: quota,
    reason,
    content,
    createdAt: nowSeconds(),
    requestId,
  });
  await ledger.durable();
  await context.bus.userChanged(user.id);
}
