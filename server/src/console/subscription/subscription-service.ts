import { randomBytes } from 'node:crypto';
import {
  billingPreferenceOf,
  jsonObjectOf,
  type BillingPreference,
  type SubscriptionPlan,
  type SubscriptionResetResult,
  type SubscriptionSelf,
  type UserSubscription,
} from '@switchboard/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import { insertReturningId, nowSeconds } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import { ledgerOf } from '../../ledger/index';
import { nextReset, periodEnd } from '../../ledger/subscriptions/periods';
import { preferenceOf, subscriptionBookOf } from '../../ledger/subscriptions/subscription-book';
import { AppError } from '../../platform/errors';
import { paymentComplianceConfirmed } from '../option/payment-compliance';
import { checkedPlan, type PlanInput } from './plan-fields';
import { SubscriptionRepository } from './subscription-repository';
import { messages } from '../../platform/i18n/catalogue';
import { logQuota } from '../credits/log-quota';

type Db = Kysely<Tables>;
type Source = UserSubscription['source'];
const wrapped = (subscriptions: UserSubscription[]) => subscriptions.map((subscription) => ({ subscription }));

/** The wallet quota a plan costs: ceil(price × QuotaPerUnit), counted in cents so it stays whole. */
export function planPriceInQuota(price: number, quotaPerUnit: number): number {
  return Math.ceil((Math.round(price * 100) * quotaPerUnit) / 100);
}

/**
 * Subscription plans (reference features §6): plans, a user's subscriptions, buying one with the
 * wallet, binding, invalidating, deleting and resetting, and the user's group while subscribed.
 * `now` (Unix seconds) is injectable for tests of periods.
 */
export class SubscriptionService {
  readonly repository: SubscriptionRepository;

  constructor(
    private readonly context: AppContext,
    private readonly now: () => number = nowSeconds,
  ) {
    this.repository = new SubscriptionRepository(context.database);
  }

  private groups(): Record<string, unknown> {
    return this.context.options.json<Record<string, unknown>>('GroupRatio') ?? {};
  }

  async requirePlan(id: number, db?: Db): Promise<SubscriptionPlan> {
    const plan = await this.repository.plan(id, db);
    if (!plan) throw new AppError(messages.subscription.planNotFound);
    return plan;
  }

  /** Every plan (an administrator), or the enabled ones a user may buy: none until root confirmed payment compliance. */
  async plans(enabledOnly: boolean): Promise<Array<{ plan: SubscriptionPlan }>> {
    if (enabledOnly && !paymentComplianceConfirmed(this.context.options)) return [];
    return (await this.repository.plans(enabledOnly)).map((plan) => ({ plan }));
  }

  async createPlan(input: PlanInput): Promise<SubscriptionPlan> {
    const id = await this.repository.insertPlan(checkedPlan(input, this.groups()), this.now());
    return this.requirePlan(id);
  }

  async updatePlan(id: number, input: PlanInput): Promise<SubscriptionPlan> {
    await this.requirePlan(id);
    await this.repository.updatePlan(id, checkedPlan(input, this.groups()), this.now());
    return this.requirePlan(id);
  }

  async setEnabled(id: number, enabled: boolean): Promise<SubscriptionPlan> {
    await this.requirePlan(id);
    await this.repository.updatePlan(id, { enabled }, this.now());
    return this.requirePlan(id);
  }

  async self(userId: number): Promise<SubscriptionSelf> {
    await this.expireDue(userId);
    const user = await this.context.database.db
      .selectFrom('users')
      .select('setting')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const all = await this.repository.subscriptionsOf(userId);
    return {
      billing_preference: preferenceOf(user.setting),
      subscriptions: wrapped(all.filter((subscription) => subscription.status === 'active')),
      all_subscriptions: wrapped(all),
    };
  }

  async setPreference(userId: number, value: string): Promise<BillingPreference> {
    const preference = billingPreferenceOf(value);
    const user = await this.context.database.db
      .selectFrom('users')
      .select('setting')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const setting = { ...jsonObjectOf(user.setting), billing_preference: preference };
    await this.context.database.db
      .updateTable('users')
      .set({ setting: JSON.stringify(setting) })
      .where('id', '=', userId)
      .execute();
    await this.context.bus.userChanged(userId);
    return preference;
  }

  /** An administrator's list of a user's subscriptions. */
  async subscriptionsOf(userId: number): Promise<Array<{ subscription: UserSubscription }>> {
    await this.expireDue(userId);
    return wrapped(await this.repository.subscriptionsOf(userId));
  }

  /**
   * Buys `planId` with the wallet: the price is held in the balance authority first (all or nothing,
   * so of parallel purchases only those the balance covers go on), then, with the user's row locked,
   * the purchase limit is checked and the order, the subscription and its top-up row are written in
   * one transaction; only then is the hold charged with its log row. A refusal gives the hold back.
   */
  async buyWithBalance(user: { id: number; username: string }, planId: number): Promise<UserSubscription> {
    const plan = await this.purchasable(user.id, planId);
    if (plan.allow_balance_pay === false) throw new AppError(messages.subscription.balancePayNotAllowed);
    const quotaPerUnit = this.context.options.number('QuotaPerUnit');
    const price = planPriceInQuota(plan.price_amount, quotaPerUnit);
    const ledger = ledgerOf(this.context);
    if (price > 0 && !(await ledger.hold(user.id, price)))
      throw new AppError(messages.subscription.insufficientBalance);
    let granted: { subscription: UserSubscription; group: string | null };
    try {
      granted = await this.context.database.db.transaction().execute(async (db) => {
        const now = this.now();
        const tradeNo = `SUBBAL${user.id}${now}${randomBytes(4).toString('hex')}`;
        const result = await this.grantIn(db, user.id, plan, 'balance', now);
        await db
          .insertInto('subscription_orders')
          .values({
            user_id: user.id,
            plan_id: plan.id,
            money: plan.price_amount,
            trade_no: tradeNo,
            payment_method: 'balance',
            payment_provider: 'balance',
            status: 'success',
            create_time: now,
            complete_time: now,
            provider_payload: null,
          })
          .execute();
        await db
          .insertInto('top_ups')
          .values({
            user_id: user.id,
            amount: 0,
            money: plan.price_amount,
            trade_no: tradeNo,
            payment_method: 'balance',
            create_time: now,
            complete_time: now,
            status: 'success',
          })
          .execute();
        return result;
      });
    } catch (error) {
      await ledger.release(user.id, null, price);
      throw error;
    }
    if (price > 0) {
      await ledger.debit({
        userId: user.id,
        username: user.username,
        amount: price,
        content: `使用余额购买订阅套餐 ${plan.title}，扣除 ${logQuota(this.context, price)}`,
        createdAt: this.now(),
      });
      await ledger.durable();
    }
    await this.context.bus.userChanged(user.id);
    return granted.subscription;
  }

  /** A plan the user may buy now, by any method: sales are open, the plan enabled, the user under its limit. */
  async purchasable(userId: number, planId: number): Promise<SubscriptionPlan> {
    if (!paymentComplianceConfirmed(this.context.options)) throw new AppError(messages.subscription.salesClosed);
    const plan = await this.requirePlan(planId);
    if (!plan.enabled) throw new AppError(messages.subscription.planDisabled);
    if (
      plan.max_purchase_per_user > 0 &&
      (await this.repository.countOfPlan(userId, plan.id)) >= plan.max_purchase_per_user
    )
      throw new AppError(messages.subscription.purchaseLimit);
    return plan;
  }

  /** An administrator gives a user a plan (source `admin`); says so when the user's group changed. */
  async bind(userId: number, planId: number): Promise<{ group: string | null }> {
    const plan = await this.requirePlan(planId);
    const granted = await this.context.database.db
      .transaction()
      .execute((db) => this.grantIn(db, userId, plan, 'admin', this.now()));
    await this.context.bus.userChanged(userId);
    return { group: granted.group };
  }

  /**
   * Inserts an active subscription of `plan` for the user, within `db`'s transaction, after locking
   * the user's row (parallel grants of one user run one after the other) and checking the purchase
   * limit (not for a paid order); switches the user to the plan's upgrade group, remembering the group before.
   */
  async grantIn(
    db: Db,
    userId: number,
    plan: SubscriptionPlan,
    source: Source,
    now: number,
  ): Promise<{ subscription: UserSubscription; group: string | null }> {
    await db
      .updateTable('users')
      .set((eb) => ({ group: eb.ref('group') }))
      .where('id', '=', userId)
      .execute();
    const user = await db.selectFrom('users').select('group').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError(messages.common.userNotFound);
    // A paid order is granted whatever the limit says: the limit was checked when it was placed, and the money is in.
    if (
      source !== 'order' &&
      plan.max_purchase_per_user > 0 &&
      (await this.repository.countOfPlan(userId, plan.id, db)) >= plan.max_purchase_per_user
    ) {
      throw new AppError(messages.subscription.purchaseLimit);
    }
    const end = periodEnd(plan, now);
    const upgrade = plan.upgrade_group;
    const switching = upgrade !== '' && upgrade !== user.group;
    const id = await insertReturningId(db, this.context.database.kind, 'user_subscriptions', {
      user_id: userId,
      plan_id: plan.id,
      amount_total: plan.total_amount,
      amount_used: 0,
      start_time: now,
      end_time: end,
      status: 'active',
      source,
      last_reset_time: now,
      next_reset_time: nextReset(plan, now, end),
      upgrade_group: upgrade,
      prev_user_group: switching ? user.group : '',
      downgrade_group: plan.downgrade_group,
      allow_wallet_overflow: plan.allow_wallet_overflow === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    });
    if (switching) await db.updateTable('users').set({ group: upgrade }).where('id', '=', userId).execute();
    subscriptionBookOf(this.context).granted(userId);
    const subscription = await this.repository.subscription(id, db);
    if (!subscription) throw new AppError(messages.subscription.subscriptionNotFound);
    return { subscription, group: switching ? upgrade : null };
  }

  /** Cancels a subscription now (status `cancelled`, end = now) and applies the downgrade rule. */
  async invalidate(id: number): Promise<void> {
    await this.end(id, async (db, now) => {
      await db
        .updateTable('user_subscriptions')
        .set({ status: 'cancelled', end_time: now, updated_at: now })
        .where('id', '=', id)
        .execute();
    });
  }

  /** Deletes a subscription for good and applies the downgrade rule. */
  async remove(id: number): Promise<void> {
    await this.end(id, async (db) => {
      await db.deleteFrom('user_subscriptions').where('id', '=', id).execute();
    });
  }

  /** Expires every active subscription past its end (of one user, or all): the task's pass, and lazily on reads. */
  async expireDue(userId?: number): Promise<number> {
    const due = await this.repository.due(this.now(), userId);
    for (const subscription of due) {
      await this.end(subscription.id, async (db, now) => {
        await db
          .updateTable('user_subscriptions')
          .set({ status: 'expired', updated_at: now })
          .where('id', '=', subscription.id)
          .where('status', '=', 'active')
          .execute();
      });
    }
    return due.length;
  }

  /**
   * Ends a subscription by `change`, then, in the same transaction: when no other active
   * subscription of the user has an upgrade group, the user moves to the downgrade group, or, without
   * one, back to the group before (only while still in the upgrade group).
   */
  private async end(id: number, change: (db: Db, now: number) => Promise<void>): Promise<void> {
    const subscription = await this.repository.subscription(id);
    if (!subscription) throw new AppError(messages.subscription.subscriptionNotFound);
    const userId = subscription.user_id;
    const moved = await this.context.database.db.transaction().execute(async (db) => {
      const now = this.now();
      await db
        .updateTable('users')
        .set((eb) => ({ group: eb.ref('group') }))
        .where('id', '=', userId)
        .execute();
      await change(db, now);
      const others = await db
        .selectFrom('user_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('end_time', '>', now)
        .where('upgrade_group', '!=', '')
        .where('id', '!=', id)
        .executeTakeFirst();
      if (others) return false;
      const user = await db.selectFrom('users').select('group').where('id', '=', userId).executeTakeFirst();
      if (!user) return false;
      const target =
        subscription.downgrade_group !== ''
          ? subscription.downgrade_group
          : subscription.upgrade_group !== '' && user.group === subscription.upgrade_group
            ? subscription.prev_user_group
            : '';
      if (target === '' || target === user.group) return false;
      await db.updateTable('users').set({ group: target }).where('id', '=', userId).execute();
      return true;
    });
    if (moved) await this.context.bus.userChanged(userId);
  }

  /** Zeroes the quota of every active subscription whose reset is due and schedules the next one; answers how many. */
  async resetDue(): Promise<number> {
    const now = this.now();
    const rows = await this.context.database.db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('next_reset_time', '>', 0)
      .where('next_reset_time', '<=', now)
      .execute();
    let count = 0;
    for (const row of rows) {
      const plan = await this.repository.plan(Number(row.plan_id));
      const next = plan ? nextReset(plan, now, Number(row.end_time)) : 0;
      const result = await this.context.database.db
        .updateTable('user_subscriptions')
        .set({ amount_used: 0, last_reset_time: now, next_reset_time: next, updated_at: now })
        .where('id', '=', row.id)
        .where('next_reset_time', '=', row.next_reset_time)
        .executeTakeFirst();
      count += Number(result.numUpdatedRows);
    }
    return count;
  }

  /**
   * Zeroes `amount_used` of the active subscriptions of a user (optionally of one plan) or of a plan;
   * with `advance`, the next reset is counted again from now.
   */
  async reset(
    scope: { userId: number; planId?: number } | { planId: number },
    advance: boolean,
  ): Promise<SubscriptionResetResult> {
    const now = this.now();
    let query = this.context.database.db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('end_time', '>', now);
    if ('userId' in scope) query = query.where('user_id', '=', scope.userId);
    if (scope.planId) query = query.where('plan_id', '=', scope.planId);
    const rows = await query.execute();
    let resetCount = 0;
    const plans = new Map<number, SubscriptionPlan | null>();
    for (const row of rows) {
      const planId = Number(row.plan_id);
      if (!plans.has(planId)) plans.set(planId, await this.repository.plan(planId));
      const plan = plans.get(planId);
      const changes: { amount_used: number; last_reset_time: number; updated_at: number; next_reset_time?: number } = {
        amount_used: 0,
        last_reset_time: now,
        updated_at: now,
      };
      if (advance && plan) changes.next_reset_time = nextReset(plan, now, Number(row.end_time));
      const result = await this.context.database.db
        .updateTable('user_subscriptions')
        .set(changes)
        .where('id', '=', row.id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      resetCount += Number(result.numUpdatedRows) > 0 ? 1 : 0;
    }
    return {
      plan_id: scope.planId ?? 0,
      matched_count: rows.length,
      reset_count: resetCount,
      user_count: new Set(rows.map((row) => Number(row.user_id))).size,
      advance_reset_time: advance,
    };
  }
}
