import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { LogType } from '../../platform/log-writer';

/**
 * Adds quota a user has paid for (a redeemed code, a completed payment) or earned (a check-in)
 * through the balance authority, tells the caches, and writes the log entry (a top-up unless
 * `logType` says otherwise). Only the winner of the conditional write that consumed the code,
 * order or day may call it.
 */
export async function creditTopUp(
  context: AppContext,
  user: { id: number; username: string },
  quota: number,
  content: string,
  logType: number = LogType.TopUp,
): Promise<void> {
  await context.balances.adjustUser(user.id, quota);
  await context.bus.userChanged(user.id);
  context.logs.write({
    user_id: user.id,
    username: user.username,
    created_at: nowSeconds(),
    type: logType,
    content,
    other: '{}',
  });
}
