import { formatMoney, TopUpStatus } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context';
import { nowSeconds, toNumber } from '../../db/dialect';
import type { SubscriptionOrdersTable } from '../../db/tables/subscriptions';
import { updateMatching } from '../../db/table-queries';
import { LogType } from '../../ledger/log-writer';
import { AppError } from '../../platform/errors';
import { messages } from '../../platform/i18n/catalogue';
import { SubscriptionService } from './subscription-service';

export interface SubscriptionOrder {
  id: number;
  user_id: number;
  plan_id: number;
  money: number;
  trade_no: string;
  payment_method: string;
  payment_provider: string;
  status: string;
}

const orderOf = (row: Selectable<SubscriptionOrdersTable>): SubscriptionOrder => ({
  id: toNumber(row.id),
  user_id: toNumber(row.user_id),
  plan_id: toNumber(row.plan_id),
  money: Number(row.money),
  trade_no: row.trade_no,
  payment_method: row.payment_method,
  payment_provider: row.payment_provider,
  status: row.status,
});

/** The `request_id` of a paid order's top-up log row. */
export const subscriptionOrderWitness = (order: { id: number }) => `subscription-order:${order.id}`;

/**
 * Plans paid at a gateway (epay, Stripe): a pending order when the user starts paying, completed by
 * the gateway's notification. Completing is one database transaction: the conditional
 * pending → success update (of parallel or repeated notifications exactly one changes the row), the
 * subscription, the top-up history row and the log row. No balance moves, so nothing waits in the
 * ledger's write-behind: once the transaction commits the order is granted for good (a SIGKILL right
 * after loses nothing), and before it commits nothing of it exists (the gateway notifies again).
 */
export class SubscriptionOrders {
  private readonly service: SubscriptionService;

  constructor(private readonly context: AppContext) {
    this.service = new SubscriptionService(context);
  }

  /** The plan a user may buy (see SubscriptionService.purchasable). */
  purchasable(userId: number, planId: number) {
    return this.service.purchasable(userId, planId);
  }

  async place(order: Omit<SubscriptionOrder, 'id' | 'status'>): Promise<void> {
    await this.context.database.db
      .insertInto('subscription_orders')
      .values({ ...order, status: TopUpStatus.Pending, create_time: nowSeconds(), provider_payload: null })
      .execute();
  }

  async find(tradeNo: string): Promise<SubscriptionOrder | undefined> {
    const row = await this.context.database.db
      .selectFrom('subscription_orders')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirst();
    return row && orderOf(row);
  }

  /** pending → success and the plan granted, for the one caller whose update wins; false for every other. */
  async complete(tradeNo: string, payload: string | null = null): Promise<boolean> {
    const completed = await this.context.database.db.transaction().execute(async (db) => {
      const now = nowSeconds();
      const claimed = await db
        .updateTable('subscription_orders')
        .set({ status: TopUpStatus.Success, complete_time: now, provider_payload: payload })
        .where('trade_no', '=', tradeNo)
        .where('status', '=', TopUpStatus.Pending)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      const row = await db
        .selectFrom('subscription_orders')
        .selectAll()
        .where('trade_no', '=', tradeNo)
        .executeTakeFirstOrThrow();
      const order = orderOf(row);
      const plan = await this.service.requirePlan(order.plan_id, db);
      await this.service.grantIn(db, order.user_id, plan, 'order', now);
      await db
        .insertInto('top_ups')
        .values({
          user_id: order.user_id,
          amount: 0,
          money: order.money,
          trade_no: tradeNo,
          payment_method: order.payment_method,
          create_time: now,
          complete_time: now,
          status: TopUpStatus.Success,
        })
        .execute();
      const user = await db.selectFrom('users').select('username').where('id', '=', order.user_id).executeTakeFirst();
      await db
        .insertInto('logs')
        .values({
          user_id: order.user_id,
          username: user?.username ?? '',
          created_at: now,
          type: LogType.TopUp,
          content: `使用在线支付购买订阅套餐 ${plan.title}，支付金额：${formatMoney(order.money)}`,
          request_id: subscriptionOrderWitness(order),
          other: '{}',
        })
        .execute();
      return order;
    });
    if (!completed) return false;
    await this.context.bus.userChanged(completed.user_id);
    return true;
  }

  /** pending → failed or expired; a finished order stays as it is. */
  async markEnded(tradeNo: string, status: typeof TopUpStatus.Failed | typeof TopUpStatus.Expired): Promise<boolean> {
    return updateMatching(
      this.context.database.db,
      'subscription_orders',
      { trade_no: tradeNo, status: TopUpStatus.Pending },
      { status },
    );
  }

  async require(tradeNo: string): Promise<SubscriptionOrder> {
    const order = await this.find(tradeNo);
    if (!order) throw new AppError(messages.subscription.orderNotFound);
    return order;
  }
}
