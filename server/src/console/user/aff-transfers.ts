import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { sql } from '../../db/dialect';
import { messages } from '../../platform/i18n/catalogue';
import { fill } from '../../platform/text';
import { logQuota } from '../credits/log-quota';
import { pendingCredits } from '../credits/pending-credits';

/**
 * Moves `amount` of the user's invite earnings (`users.aff_quota`) into the balance exactly once, also
 * across a SIGKILL (console/credits/pending-credits.ts): the conditional UPDATE that takes them lets
 * parallel transfers never overdraw. False (nothing taken) when the earnings are short.
 */
export async function transferAffEarnings(
  context: AppContext,
  user: { id: number; username: string },
  amount: number,
): Promise<boolean> {
  const content = logContentOf(context, amount);
  const credited = await pendingCredits(context).consumeThenCredit(user, async (transaction) => {
    const taken = await transaction
      .updateTable('users')
      .set({ aff_quota: sql`aff_quota - ${amount}` })
      .where('id', '=', user.id)
      .where('aff_quota', '>=', amount)
      .executeTakeFirst();
    if (taken.numUpdatedRows !== 1n) return null;
    return { userId: user.id, amount, reason: 'reward', content, witness: `aff-transfer:${randomUUID()}` };
  });
  return credited !== null;
}

/** The log row's text (zh, as the reference product writes it). */
const logContentOf = (context: AppContext, amount: number): string =>
  fill(messages.self.transferLog, { amount: logQuota(context, amount) }).zh;
