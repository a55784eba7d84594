import { formatQuota } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { LogType } from '../../ledger/log-writer';
import { fill } from '../../platform/text';
import { userAdminMessages as text } from './messages';

/** An administrator's change of a user's balance: a target value, then an amount to add. */
export interface QuotaChange {
  /** the balance to set */
  quota?: number;
  /** added after `quota` is set; may be negative */
  add?: number;
}

/** The balance the change leaves; refuses a negative target or result before anything is written. */
export async function plannedQuota(context: AppContext, userId: number, change: QuotaChange): Promise<{ from: number; to: number }> {
  if (change.quota !== undefined && change.quota < 0) throw new AppError(text.quotaNegative);
  const from = await context.balances.userQuota(userId);
  const to = (change.quota ?? from) + (change.add ?? 0);
  if (to < 0) throw new AppError(fill(text.quotaResultNegative, { current: from }));
  return { from, to };
}

/**
 * Applies the change through the balance authority (never an absolute UPDATE) and writes the
 * admin log entry. The added amount is applied as a delta, so spending that lands meanwhile is kept;
 * when that spending would make the result negative the addition is taken back and refused.
 */
export async function applyQuotaChange(context: AppContext, user: { id: number; username: string }, change: QuotaChange): Promise<void> {
  const { from } = await plannedQuota(context, user.id, change);
  if (change.quota !== undefined && change.quota !== from) await context.balances.setUserQuota(user.id, change.quota);
  if (change.add) {
    const result = await context.balances.adjustUser(user.id, change.add);
    if (result < 0) {
      await context.balances.adjustUser(user.id, -change.add);
      throw new AppError(fill(text.quotaResultNegative, { current: result - change.add }));
    }
  }
  const to = await context.balances.userQuota(user.id);
  if (to === from) return;
  context.logs.write({
    user_id: user.id,
    username: user.username,
    created_at: nowSeconds(),
    type: LogType.Admin,
    content: `管理员将用户额度从 ${logQuota(context, from)} 修改为 ${logQuota(context, to)}`,
    other: '{}',
  });
}

/** A quota amount as the reference product writes it into log text. */
function logQuota(context: AppContext, quota: number): string {
  if (!context.options.boolean('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
  const quotaPerUnit = context.options.number('QuotaPerUnit');
  return `${formatQuota(quota, { inCurrency: true, quotaPerUnit }).replace('$', '＄')} 额度`;
}
