import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { ledgerOf } from '../../ledger/index';

/** The relay's user cache reloads a user when this topic names its id. */
const USERS_TOPIC = 'users';

/**
 * Adds quota a user has paid for (a redeemed code, a completed payment) through the ledger, which
 * journals the credit with its top-up log row, then tells the caches. Only the winner of the
 * conditional UPDATE that consumed the code or order may call it.
 */
export async function creditTopUp(
  context: AppContext,
  user: { id: number; username: string },
  quota: number,
  content: string,
): Promise<void> {
  await ledgerOf(context).credit({ userId: user.id, username: user.username, amount: quota, reason: 'top-up', content, createdAt: nowSeconds() });
  await context.bus.notify(USERS_TOPIC, String(user.id));
}
