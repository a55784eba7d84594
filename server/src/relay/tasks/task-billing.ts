import type { AppContext } from '../../app-context';
import { toNumber } from '../../db/dialect';
import { LogType } from '../../ledger/log-writer';
import type { Caller } from '../authenticate';
import type { Price } from '../billing/price';
import { billingDurable, priceDetails, refund, reserve, settle } from '../billing/settlement';
import type { CachedChannel } from '../caches/channel-index';
import type { StoredTask, TaskPlatform } from './task-platform';

/**
 * Every balance movement of a task goes through this file, over the relay's billing functions and the
 * balance book: hold the price before submitting (refused when the user or the token cannot pay),
 * charge it when the upstream accepts, give it back when no channel accepts, and credit a task that
 * failed later (once: task-refunds.ts decides when).
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
  // The dashboard's hourly usage counts drawings and tasks as calls of their model (no tokens).
  if (context.options.boolean('DataExportEnabled')) {
    context.logs.roll({ userId: caller.user.id, username: caller.user.username, model: task.model, createdAt: Math.floor(Date.now() / 1000), tokens: 0, quota: task.quota });
  }
  await settle(context, caller, task.held, task.quota, task.channel.id);
  await billingDurable(context);
}

/** The token a refund credits too: the task's, unless it has no limit (or is gone). */
async function limitedToken(context: AppContext, tokenId: number): Promise<number | null> {
  if (tokenId <= 0) return null;
  const token = await context.database.db.selectFrom('tokens').select('unlimited_quota').where('id', '=', tokenId).executeTakeFirst();
  return token && toNumber(token.unlimited_quota) === 0 ? tokenId : null;
}

/**
 * Credits a failed task's price back to the user (and the token when it has a limit) and writes the
 * refund's system log row, whose `request_id` is the refund's `witness`. Row and credit are journaled
 * in one synchronous stretch, so the settlement journal holds both or neither: the balances are loaded
 * into the authority first, and then one `charge` of the negative price journals both credits before it
 * returns (as `settle` does for a call). Resolves once both are journaled (not yet durable), with the
 * credit's application in the authority, which may still fail (and is replayed from the journal then).
 */
export async function journalRefund(context: AppContext, platform: TaskPlatform, task: StoredTask, reason: string, witness: string): Promise<{ applied: Promise<void> }> {
  const tokenId = await limitedToken(context, task.tokenId);
  await context.balances.userQuota(task.userId);
  if (tokenId !== null) await context.balances.tokenRemain(tokenId);
  context.logs.write({
    user_id: task.userId,
    created_at: Math.floor(Date.now() / 1000),
    type: LogType.System,
    content: platform.refundLog(task, reason),
    model_name: task.modelName,
    token_id: task.tokenId,
    channel_id: task.channelId,
    request_id: witness,
    other: JSON.stringify({ task_refund: task.quota }),
  });
  return { applied: context.balances.charge({ userId: task.userId, tokenId, reserved: 0, quota: -task.quota }) };
}
