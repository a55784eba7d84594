import type { AppContext } from '../../app-context';
import { toNumber } from '../../db/dialect';
import { LogType } from '../../platform/log-writer';
import type { Caller } from '../authenticate';
import type { Price } from '../billing/price';
import { billingDurable, priceDetails, refund, reserve, settle } from '../billing/settlement';
import type { CachedChannel } from '../caches/channel-index';
import type { StoredTask, TaskPlatform } from './task-platform';

/**
 * Every balance movement of a task goes through this file, over the relay's billing functions and the
 * balance book: hold the price before submitting (refused when the user or the token cannot pay),
 * charge it when the upstream accepts, give it back when no channel accepts, and refund a task that
 * failed later exactly once.
 */

/** Holds the price before the submit; throws the relay's insufficient-quota errors. */
export function holdTaskPrice(context: AppContext, caller: Caller, quota: number): Promise<number> {
  return reserve(context, caller, quota);
}

/** Gives a hold back: no channel accepted the task. */
export function releaseTaskHold(context: AppContext, caller: Caller, held: number): Promise<void> {
  return refund(context, caller, held);
}

export interface AcceptedTask {
  held: number;
  quota: number;
  price: Price;
  model: string;
  channel: CachedChannel;
  /** what the consumption log says about the task (action and id) */
  content: string;
  requestId: string;
  started: number;
}

/**
 * Charges an accepted task and writes its consumption log: the row first, then the charge, in one turn,
 * so the durable journal holds both or neither; resolves once they are durable (before the client's answer).
 */
export async function chargeTask(context: AppContext, caller: Caller, task: AcceptedTask): Promise<void> {
  if (context.options.boolean('LogConsumeEnabled')) {
    const prices = priceDetails(task.price);
    context.logs.write({
      user_id: caller.user.id,
      created_at: Math.floor(Date.now() / 1000),
      type: LogType.Consumption,
      content: task.content,
      username: caller.user.username,
      token_name: caller.token?.name ?? '',
      token_id: caller.token?.id ?? 0,
      model_name: task.model,
      quota: task.quota,
      use_time: Math.round((Date.now() - task.started) / 1000),
      channel_id: task.channel.id,
      channel_name: task.channel.name,
      group: caller.group,
      request_id: task.requestId,
      other: JSON.stringify({ model_price: prices.model_price, group_ratio: prices.group_ratio, admin_info: { use_channel: [String(task.channel.id)] } }),
    });
  }
  await settle(context, caller, task.held, task.quota, task.channel.id);
  await billingDurable(context);
}

/**
 * Refunds a failed task: only the caller whose conditional UPDATE claims the refund credits the user
 * (and the token when it has a limit) and writes the system log, so no task is refunded twice, also
 * when several pollers or instances see the failure at once.
 */
export async function refundFailedTask(context: AppContext, platform: TaskPlatform, task: StoredTask, reason: string): Promise<boolean> {
  if (!(await platform.store.claimRefund(task.rowId))) return false;
  if (task.quota <= 0) return true;
  await context.balances.adjustUser(task.userId, task.quota);
  if (task.tokenId > 0) {
    const token = await context.database.db
      .selectFrom('tokens')
      .select('unlimited_quota')
      .where('id', '=', task.tokenId)
      .executeTakeFirst();
    if (token && toNumber(token.unlimited_quota) === 0) await context.balances.adjustToken(task.tokenId, task.quota);
  }
  context.logs.write({
    user_id: task.userId,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.System,
    content: platform.refundLog(task, reason),
    model_name: task.modelName,
    token_id: task.tokenId,
    channel_id: task.channelId,
    other: JSON.stringify({ task_refund: task.quota }),
  });
  return true;
}
