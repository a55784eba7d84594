import type { SubscriptionPlan, UserSubscription } from '@switchboard/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Queries } from '../../db/database';
import { insertReturningId, toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import type { SubscriptionPlansTable, UserSubscriptionsTable } from '../../db/tables/subscriptions';
import { updatedOne } from '../../db/table-queries';
import type { PlanFields } from './plan-fields';

type Db = Kysely<Tables>;
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1';
const nullableFlag = (value: unknown): boolean | null => (value === null || value === undefined ? null : flag(value));

export function planOf(row: Selectable<SubscriptionPlansTable>): SubscriptionPlan {
  return {
    id: toNumber(row.id),
    title: row.title,
    subtitle: row.subtitle,
    price_amount: Number(row.price_amount),
    currency: row.currency,
    duration_unit: row.duration_unit as SubscriptionPlan['duration_unit'],
    duration_value: toNumber(row.duration_value),
    custom_seconds: toNumber(row.custom_seconds),
    enabled: flag(row.enabled),
    sort_order: toNumber(row.sort_order),
    allow_balance_pay: nullableFlag(row.allow_balance_pay),
    allow_wallet_overflow: nullableFlag(row.allow_wallet_overflow),
    stripe_price_id: row.stripe_price_id,
    creem_product_id: row.creem_product_id,
    waffo_pancake_product_id: row.waffo_pancake_product_id,
    max_purchase_per_user: toNumber(row.max_purchase_per_user),
    upgrade_group: row.upgrade_group,
    downgrade_group: row.downgrade_group,
    total_amount: toNumber(row.total_amount),
    quota_reset_period: row.quota_reset_period as SubscriptionPlan['quota_reset_period'],
    quota_reset_custom_seconds: toNumber(row.quota_reset_custom_seconds),
    created_at: toNumber(row.created_at),
    updated_at: toNumber(row.updated_at),
  };
}

export function subscriptionOf(row: Selectable<UserSubscriptionsTable>): UserSubscription {
  return {
    id: toNumber(row.id),
    user_id: toNumber(row.user_id),
    plan_id: toNumber(row.plan_id),
    amount_total: toNumber(row.amount_total),
    amount_used: toNumber(row.amount_used),
    start_time: toNumber(row.start_time),
    end_time: toNumber(row.end_time),
    status: row.status as UserSubscription['status'],
    source: row.source as UserSubscription['source'],
    last_reset_time: toNumber(row.last_reset_time),
    next_reset_time: toNumber(row.next_reset_time),
    upgrade_group: row.upgrade_group,
    prev_user_group: row.prev_user_group,
    downgrade_group: row.downgrade_group,
    allow_wallet_overflow: flag(row.allow_wallet_overflow),
    created_at: toNumber(row.created_at),
    updated_at: toNumber(row.updated_at),
  };
}

const dbFlag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

/** Reads and writes `subscription_plans`, `user_subscriptions` and `subscription_orders`. */
export class SubscriptionRepository {
  constructor(private readonly database: Queries) {}

  get db(): Db {
    return this.database.db;
  }

  /** Plans ordered by `sort_order` desc, then id desc; only enabled ones when asked. */
  async plans(enabledOnly: boolean): Promise<SubscriptionPlan[]> {
    let query = this.db
      .selectFrom('subscription_plans')
      .selectAll()
      .orderBy('sort_order', 'desc')
      .orderBy('id', 'desc');
    if (enabledOnly) query = query.where('enabled', '=', 1);
    return (await query.execute()).map(planOf);
  }

  async plan(id: number, db: Db = this.db): Promise<SubscriptionPlan | null> {
    const row = await db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? planOf(row) : null;
  }

  async insertPlan(fields: PlanFields, now: number): Promise<number> {
    const values = {
      ...fields,
      enabled: fields.enabled ? 1 : 0,
      allow_balance_pay: dbFlag(fields.allow_balance_pay),
      allow_wallet_overflow: dbFlag(fields.allow_wallet_overflow),
      created_at: now,
      updated_at: now,
    };
    return insertReturningId(this.db, this.database.kind, 'subscription_plans', values);
  }

  async updatePlan(id: number, fields: Partial<PlanFields>, now: number): Promise<boolean> {
    const { enabled, allow_balance_pay: balancePay, allow_wallet_overflow: overflow, ...rest } = fields;
    const values = {
      ...rest,
      ...(enabled === undefined ? {} : { enabled: enabled ? 1 : 0 }),
      ...(balancePay === undefined ? {} : { allow_balance_pay: dbFlag(balancePay) }),
      ...(overflow === undefined ? {} : { allow_wallet_overflow: dbFlag(overflow) }),
      updated_at: now,
    };
    return updatedOne(this.db.updateTable('subscription_plans').set(values).where('id', '=', id));
  }

  async subscriptionsOf(userId: number, db: Db = this.db): Promise<UserSubscription[]> {
    const rows = await db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(subscriptionOf);
  }

  async subscription(id: number, db: Db = this.db): Promise<UserSubscription | null> {
    const row = await db.selectFrom('user_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? subscriptionOf(row) : null;
  }

  async countOfPlan(userId: number, planId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('user_subscriptions')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .where('plan_id', '=', planId)
      .executeTakeFirstOrThrow();
    return toNumber(row.count);
  }

  /** Active subscriptions whose end has passed at `now` (for the expiry pass). */
  async due(now: number, userId?: number): Promise<UserSubscription[]> {
    let query = this.db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('end_time', '<=', now);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return (await query.execute()).map(subscriptionOf);
  }
}
