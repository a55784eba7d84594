import type { AppContext } from '../../app-context';
import { toNumber } from '../../db/dialect';
import { valueById } from '../../db/table-queries';
import { ledgerOf, LogType } from '../../ledger/index';
import type { Caller } from '../authenticate';
import type { Price } from '../../domain/prices';
import type { CallFunding } from '../../ledger/subscriptions/funding';
import { admitFundedCall, billedParties, releaseFundedCall, settleFundedBill } from '../billing/call-admission';
import { priceDetails } from '../billing/consumption-other';
import type { CachedChannel } from '../caches/channel-index';
import type { StoredTask, TaskPlatform } from './task-platform';

/**
 * Every balance movement of a task goes through this file, over the ledger: hold the price before submitting (refused when the user or the token cannot pay),
 * charge it when the upstream accepts, give it back when no channel accepts, and credit a task that
 * failed later (once: task-refunds.ts decides when).
 */

/** Holds the price before the submit, on the balance the billing preference picks; throws the relay's insufficient-quota errors. */
export async function holdTaskPrice(context: AppContext, caller: Caller, quota: number): Promise<CallFunding> {
  return admitFundedCall(context, caller, quota);
}

/** Gives a hold back: no channel accepted the task. */
export function releaseTaskHold(context: AppContext, caller: Caller, held: CallFunding): Promise<void> {
  return releaseFundedCall(context, caller, held);
}

export interface AcceptedTask {
  /** the wallet's reservation or the subscription's hold */
  held: CallFunding;
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
 * Charges an accepted task with its consumption log row (the ledger journals both in one turn);
 * resolves once they are durable (before the client's answer).
 */
export async function chargeTask(context: AppContext, caller: Caller, task: AcceptedTask): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const prices = context.options.boolean('LogConsumeEnabled') ? priceDetails(task.price) : null;
  await settleFundedBill(
    context,
    {
      ...billedParties(caller, task.channel.id),
      quota: task.quota,
      log: prices && {
        user_id: caller.user.id,
        created_at: now,
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
        other: JSON.stringify({
          model_price: prices.model_price,
          group_ratio: prices.group_ratio,
          admin_info: { use_channel: [String(task.channel.id)] },
        }),
      },
      // The dashboard's hourly usage counts drawings and tasks as calls of their model (no tokens).
      roll: context.options.boolean('DataExportEnabled')
        ? {
            userId: caller.user.id,
            username: caller.user.username,
            model: task.model,
            createdAt: now,
            tokens: 0,
            quota: task.quota,
          }
        : null,
    },
    task.held,
  );
  await ledgerOf(context).durable();
}

/** The token a refund credits too: the task's, unless it has no limit (or is gone). */
async function limitedToken(context: AppContext, tokenId: number): Promise<number | null> {
  if (tokenId <= 0) return null;
  const unlimited = await valueById(context.database.db, 'tokens', tokenId, 'unlimited_quota');
  return unlimited !== undefined && toNumber(unlimited) === 0 ? tokenId : null;
}

/**
 * Gives a failed task's price back to the user (and the token when it has a limit) with the refund's
 * system log row, whose `request_id` is the refund's `witness`: the ledger journals both in one
 * synchronous stretch, so the settlement journal holds both or neither. Resolves once both are
 * journaled (not yet durable), with the refund's application in the authority, which may still fail
 * (and is replayed from the journal then).
 */
export async function refundTaskPrice(
  context: AppContext,
  platform: TaskPlatform,
  task: StoredTask,
  reason: string,
  witness: string,
): Promise<{ applied: Promise<void> }> {
  const tokenId = await limitedToken(context, task.tokenId);
  return ledgerOf(context).refund({
    userId: task.userId,
    tokenId,
    quota: task.quota,
    // A subscription paid: its quota comes back when the claim finishes (refund-claim.ts), the token's here.
    subscriptionPaid: task.subscriptionId > 0,
    log: {
      user_id: task.userId,
      created_at: Math.floor(Date.now() / 1000),
      type: LogType.System,
      content: platform.refundLog(task, reason),
      model_name: task.modelName,
      token_id: task.tokenId,
      channel_id: task.channelId,
      request_id: witness,
      other: JSON.stringify({ task_refund: task.quota }),
    },
  });
}
