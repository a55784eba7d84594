import type { Generated } from 'kysely';

/** `subscription_plans`: what can be bought; `total_amount` 0 is unlimited quota; flags are 0/1, a null flag means 1. */
export interface SubscriptionPlansTable {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  price_amount: Generated<number>;
  currency: Generated<string>;
  duration_unit: Generated<string>;
  duration_value: Generated<number>;
  custom_seconds: Generated<number>;
  enabled: Generated<number>;
  sort_order: Generated<number>;
  allow_balance_pay: number | null;
  allow_wallet_overflow: number | null;
  stripe_price_id: Generated<string>;
  creem_product_id: Generated<string>;
  waffo_pancake_product_id: Generated<string>;
  max_purchase_per_user: Generated<number>;
  upgrade_group: Generated<string>;
  downgrade_group: Generated<string>;
  total_amount: Generated<number>;
  quota_reset_period: Generated<string>;
  quota_reset_custom_seconds: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

/** `user_subscriptions`: one bought (or bound) period of a plan; status active → expired | cancelled. */
export interface UserSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  amount_total: Generated<number>;
  amount_used: Generated<number>;
  start_time: number;
  end_time: number;
  status: string;
  source: string;
  last_reset_time: Generated<number>;
  next_reset_time: Generated<number>;
  upgrade_group: Generated<string>;
  prev_user_group: Generated<string>;
  downgrade_group: Generated<string>;
  allow_wallet_overflow: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

/** `subscription_orders`: a purchase of a plan; `trade_no` unique; status as `top_ups`. */
export interface SubscriptionOrdersTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  money: number;
  trade_no: string;
  payment_method: string;
  payment_provider: Generated<string>;
  status: string;
  create_time: number;
  complete_time: Generated<number>;
  provider_payload: string | null;
}
