/** Subscription plans (reference features §6): wire shapes of /api/subscription/*. */
import type { DurationUnit, ResetPeriod } from './subscription-plan-fields';

export const BILLING_PREFERENCES = ['subscription_first', 'wallet_first', 'subscription_only', 'wallet_only'] as const;
export type BillingPreference = (typeof BILLING_PREFERENCES)[number];

/** Unknown or missing values mean `subscription_first`, as the reference reads them. */
export function billingPreferenceOf(value: unknown): BillingPreference {
  return (BILLING_PREFERENCES as readonly unknown[]).includes(value)
    ? (value as BillingPreference)
    : 'subscription_first';
}

export interface SubscriptionPlan {
  id: number;
  title: string;
  subtitle: string;
  price_amount: number;
  currency: string;
  duration_unit: DurationUnit;
  duration_value: number;
  custom_seconds: number;
  enabled: boolean;
  sort_order: number;
  /** null means true */
  allow_balance_pay: boolean | null;
  /** null means true */
  allow_wallet_overflow: boolean | null;
  stripe_price_id: string;
  creem_product_id: string;
  waffo_pancake_product_id: string;
  /** 0: unlimited */
  max_purchase_per_user: number;
  upgrade_group: string;
  downgrade_group: string;
  /** quota units; 0: unlimited */
  total_amount: number;
  quota_reset_period: ResetPeriod;
  quota_reset_custom_seconds: number;
  created_at: number;
  updated_at: number;
}

export interface UserSubscription {
  id: number;
  user_id: number;
  plan_id: number;
  amount_total: number;
  amount_used: number;
  start_time: number;
  end_time: number;
  status: 'active' | 'expired' | 'cancelled';
  source: 'order' | 'admin' | 'balance';
  last_reset_time: number;
  next_reset_time: number;
  upgrade_group: string;
  prev_user_group: string;
  downgrade_group: string;
  allow_wallet_overflow: boolean;
  created_at: number;
  updated_at: number;
}

/** `GET /api/subscription/self` */
export interface SubscriptionSelf {
  billing_preference: BillingPreference;
  subscriptions: Array<{ subscription: UserSubscription }>;
  all_subscriptions: Array<{ subscription: UserSubscription }>;
}

/** The answer of both admin reset routes. */
export interface SubscriptionResetResult {
  plan_id: number;
  matched_count: number;
  reset_count: number;
  user_count: number;
  advance_reset_time: boolean;
}
