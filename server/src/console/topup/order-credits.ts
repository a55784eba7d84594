import type { TopUpView } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { perContext } from '../../platform/per-context';
import { claimOwnerOf, INHERITED_CLAIMS, witnessed } from '../credits/credit-owner';
import { logQuota } from '../credits/log-quota';
import { UserRepository } from '../user/repository';
import { creditTopUp } from './credit';
import { TopUpRepository } from './top-up-repository';

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
      if (!(await witnessed(this.context.database, order.user_id, witnessOf(order)))) await this.credit(order);
      await this.topUps.finishClaim(order.trade_no, this.owner);
    }
    return claims.length;
  }

  /** The credit and its log row (with the witness), journaled together; resolves once durable. */
  private async credit(order: TopUpView): Promise<void> {
    const user = await new UserRepository(this.context.database).findById(order.user_id);
    const quota = order.amount * this.context.options.number('QuotaPerUnit');
    await creditTopUp(
      this.context,
      { id: order.user_id, username: user?.username ?? '' },
      quota,
      // the money as Go's %f writes it, as in the reference's text
      `使用在线充值成功，充值金额: ${logQuota(this.context, quota)}，支付金额：${order.money.toFixed(6)}`,
      'top-up',
      witnessOf(order),
    );
  }
}

/** The `request_id` of an order's credit log row. */
const witnessOf = (order: TopUpView) => `top-up:${order.id}`;

/** This process's credits of paid orders. */
export const orderCredits = perContext((context) => new OrderCredits(context));

/**
 * pending → success, and the credit of the units bought, for the one caller that wins the claim (a
 * gateway's repeated or parallel notifications, an administrator's "complete"); false for the others.
 */
export function completeOrder(context: AppContext, order: TopUpView): Promise<boolean> {
  return orderCredits(context).complete(order);
}
