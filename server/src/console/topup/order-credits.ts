import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney, formatQuota, QUOTA_PER_UNIT, type TopUpView } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { journalDirectory, journalSync } from '../../ledger/local-billing';
import { LogType } from '../../ledger/log-writer';
import { perContext } from '../../platform/per-context';
import { UserRepository } from '../user/repository';
import { creditTopUp } from './credit';
import { TopUpRepository } from './top-up-repository';

/** Claims one instance can have left unfinished: as many as notifications it was crediting when killed. */
const INHERITED_CLAIMS = 10_000;

/**
 * The instance that owns a claim (a paid order's credit here, a transfer of invite earnings in
 * console/user/aff-transfers.ts): the id of its settlement journal (kept in the journal folder across
 * restarts). A cluster worker names its primary's journal: the primary replays every journal of its
 * instance (its own and its workers') at start, before it forks a worker, so it alone can finish the
 * claims of a killed run; a worker's own folder is gone once recovered. Without a journal the owner
 * is a name of this run only, and a claim a crash interrupts stays unfinished.
 */
export function claimOwnerOf(context: AppContext): { owner: string; recoverable: boolean } {
  if (journalSync(context.config) !== null) {
    if (cluster.isWorker)
      return {
        owner: readFileSync(join(journalDirectory(context.config), 'instance-id'), 'utf8').trim(),
        recoverable: true,
      };
    if (context.instanceId !== null) return { owner: context.instanceId, recoverable: true };
  }
  return { owner: `run-${randomBytes(8).toString('hex')}`, recoverable: false };
}

/**
 * Credits paid orders exactly once, also across a SIGKILL:
 *
 * 1. Claim: a conditional UPDATE moves the order pending → success and records this instance as its
 *    `credit_owner`; one caller wins (a gateway's repeated or parallel notifications, an
 *    administrator's "complete"), every other caller stops here.
 * 2. Credit: the units bought and the top-up log row, whose `request_id` names the order (the
 *    witness), are journaled together by the ledger.
 * 3. Finish: once the journal holds them durably, `credit_owner` goes back to ''.
 *
 * A process killed between 1 and 3 leaves the order success with its owner. The instance's next start
 * (the single process, or the cluster primary before it forks) replays its journals first, so the
 * witness of everything the killed run journaled is in the database, and then finishes its claims:
 * credited when no witness exists, finished without a credit when one does.
 */
export class OrderCredits {
  readonly owner: string;
  private readonly recoverable: boolean;
  private readonly topUps: TopUpRepository;

  constructor(private readonly context: AppContext) {
    ({ owner: this.owner, recoverable: this.recoverable } = claimOwnerOf(context));
    this.topUps = new TopUpRepository(context.database);
  }

  /** pending → success and the order's credit, for the one caller that wins the claim; false for the others. */
  async complete(order: TopUpView): Promise<boolean> {
    if (!(await this.topUps.claimSucceeded(order.trade_no, nowSeconds(), this.owner))) return false;
    await this.credit(order);
    await this.topUps.finishClaim(order.trade_no, this.owner);
    return true;
  }

  /**
   * At start, after the journal replay and before this instance takes a notification (a cluster
   * primary: before it forks): finishes the claims an earlier run left. Returns how many.
   */
  async recover(): Promise<number> {
    if (!this.recoverable) return 0;
    const claims = await this.topUps.claimedBy(this.owner, INHERITED_CLAIMS);
    for (const order of claims) {
      if (!(await this.witnessed(order))) await this.credit(order);
      await this.topUps.finishClaim(order.trade_no, this.owner);
    }
    return claims.length;
  }

  /** The credit and its log row (with the witness), journaled together; resolves once durable. */
  private async credit(order: TopUpView): Promise<void> {
    const user = await new UserRepository(this.context.database).findById(order.user_id);
    const quota = order.amount * QUOTA_PER_UNIT;
    const formatted = formatQuota(quota, { inCurrency: true, quotaPerUnit: QUOTA_PER_UNIT });
    await creditTopUp(
      this.context,
      { id: order.user_id, username: user?.username ?? '' },
      quota,
      `使用在线充值成功，充值金额: ${formatted}，支付金额：${formatMoney(order.money)}`,
      'top-up',
      witnessOf(order),
    );
  }

  /** Whether the order's credit log row is in the database: then its credit is too (both replayed at start). */
  private async witnessed(order: TopUpView): Promise<boolean> {
    const row = await this.context.database.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', order.user_id)
      .where('type', '=', LogType.TopUp)
      .where('request_id', '=', witnessOf(order))
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** The `request_id` of an order's credit log row. */
const witnessOf = (order: TopUpView) => `top-up:${order.id}`;

/** This process's credits of paid orders. */
export const orderCredits = perContext((context) => new OrderCredits(context));

/** Finishes the order claims a killed run of this instance left (a start's step; never in a cluster worker). */
export async function finishClaimedOrders(
  context: AppContext,
  log: { warn(data: object, message: string): void; error(data: object, message: string): void },
): Promise<void> {
  try {
    const finished = await orderCredits(context).recover();
    if (finished > 0) log.warn({ orders: finished }, 'paid orders claimed before an unclean stop are credited');
  } catch (error) {
    log.error(
      { err: error },
      'paid orders claimed before an unclean stop could not be credited yet; the next start retries them',
    );
  }
}

/**
 * pending → success, and the credit of the units bought, for the one caller that wins the claim (a
 * gateway's repeated or parallel notifications, an administrator's "complete"); false for the others.
 */
export function completeOrder(context: AppContext, order: TopUpView): Promise<boolean> {
  return orderCredits(context).complete(order);
}
