import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { LogType } from '../../ledger/log-writer';

/** The relay's user cache reloads a user when this topic names its id. */
const USERS_TOPIC = 'users';

/**
 * Adds quota a user has paid for (a redeemed code, a completed payment) through the balance
 * authority, tells the caches, and writes the top-up log entry. Only the winner of the
 * conditional UPDATE that consumed the code or order may call it.
 */
export async function creditTopUp(
  context: AppContext,
  user: { id: number; username: string },
  quota: number,
  content: string,
): Promise<void> {
  await context.balances.adjustUser(user.id, quota);
  await context.bus.notify(USERS_TOPIC, String(user.id));
  context.logs.write({
    user_id: user.id,
    username: user.username,
    created_at: nowSeconds(),
    type: LogType.TopUp,
    content,
    other: '{}',
  });
}
