import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { ledgerOf } from '../../ledger/index';
import { fill } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';
import { logQuota } from '../credits/log-quota';

/** An administrator's change of a user's balance: a target value, then an amount to add. */
export interface QuotaChange {
  /** the balance to set */
  quota?: number;
  /** added after `quota` is set; may be negative */
  add?: number;
}

/** The balance the change leaves; refuses a negative target or result before anything is written. */
export async function plannedQuota(
  context: AppContext,
  userId: number,
  change: QuotaChange,
): Promise<{ from: number; to: number }> {
  if (change.quota !== undefined && change.quota < 0) throw new AppError(messages.common.quotaNegative);
  const from = await ledgerOf(context).userQuota(userId);
  const to = (change.quota ?? from) + (change.add ?? 0);
  if (to < 0) throw new AppError(fill(messages.userAdmin.quotaResultNegative, { current: from }));
  return { from, to };
}

/**
 * Applies the change through the ledger (never an absolute UPDATE): one credit of the difference,
 * journaled with its admin log row, so spending that lands meanwhile is kept. When that spending
 * makes the result negative, the change is taken back (with its own row) and refused.
 */
export async function applyQuotaChange(
  context: AppContext,
  user: { id: number; username: string },
  change: QuotaChange,
): Promise<void> {
  const { from, to } = await plannedQuota(context, user.id, change);
  const amount = to - from;
  if (amount === 0) return;
  const ledger = ledgerOf(context);
  const admin = (before: number, after: number, delta: number) =>
    ledger.credit({
      userId: user.id,
      username: user.username,
      amount: delta,
      reason: 'admin',
      content: adminLog(context, before, after),
      createdAt: nowSeconds(),
    });
  const result = await admin(from, to, amount);
  if (result < 0) {
    await admin(result, result - amount, -amount);
    throw new AppError(fill(messages.userAdmin.quotaResultNegative, { current: result - amount }));
  }
}

const adminLog = (context: AppContext, from: number, to: number) =>
  `管理员将用户额度从 ${logQuota(context, from)} 修改为 ${logQuota(context, to)}`;
