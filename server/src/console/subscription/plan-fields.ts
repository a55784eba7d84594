import { PLAN_PRICE_MAX } from '@switchboard/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { DURATION_UNITS, RESET_PERIODS } from '../../ledger/subscriptions/periods';
import { messages } from '../../platform/i18n/catalogue';

const TITLE_MAX = 128;
const SUBTITLE_MAX = 255;
const ID_MAX = 128;

/** A plan as the admin sends it (`{plan: {...}}`): loose on the wire, checked by `checkedPlan`. */
export const planInputSchema = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  price_amount: z.number().optional(),
  currency: z.string().max(8).optional(),
  duration_unit: z.string().optional(),
  duration_value: z.number().optional(),
  custom_seconds: z.number().optional(),
  enabled: z.boolean().optional(),
  sort_order: z.number().int().optional(),
  allow_balance_pay: z.boolean().nullable().optional(),
  allow_wallet_overflow: z.boolean().nullable().optional(),
  stripe_price_id: z.string().max(ID_MAX).optional(),
  creem_product_id: z.string().max(ID_MAX).optional(),
  waffo_pancake_product_id: z.string().max(ID_MAX).optional(),
  max_purchase_per_user: z.number().optional(),
  upgrade_group: z.string().max(64).optional(),
  downgrade_group: z.string().max(64).optional(),
  total_amount: z.number().optional(),
  quota_reset_period: z.string().optional(),
  quota_reset_custom_seconds: z.number().optional(),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export interface PlanFields {
  title: string;
  subtitle: string;
  price_amount: number;
  currency: string;
  duration_unit: string;
  duration_value: number;
  custom_seconds: number;
  enabled: boolean;
  sort_order: number;
  allow_balance_pay: boolean | null;
  allow_wallet_overflow: boolean | null;
  stripe_price_id: string;
  creem_product_id: string;
  waffo_pancake_product_id: string;
  max_purchase_per_user: number;
  upgrade_group: string;
  downgrade_group: string;
  total_amount: number;
  quota_reset_period: string;
  quota_reset_custom_seconds: number;
}

const wholeAtLeast0 = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new AppError(messages.subscription.amountInvalid);
  return value;
};

/** The plan's fields with the reference's defaults, each checked; a bad one is refused with its message. */
export function checkedPlan(input: PlanInput, groups: Record<string, unknown>): PlanFields {
  const title = (input.title ?? '').trim();
  if (title === '') throw new AppError(messages.subscription.titleRequired);
  if ([...title].length > TITLE_MAX || [...(input.subtitle ?? '')].length > SUBTITLE_MAX) throw new AppError(messages.subscription.titleTooLong);
  const price = input.price_amount ?? 0;
  if (!Number.isFinite(price) || price < 0 || price > PLAN_PRICE_MAX) throw new AppError(messages.subscription.priceInvalid);
  const unit = input.duration_unit ?? 'month';
  if (!(DURATION_UNITS as readonly string[]).includes(unit)) throw new AppError(messages.subscription.durationUnitInvalid);
  const durationValue = input.duration_value ?? 1;
  const customSeconds = wholeAtLeast0(input.custom_seconds ?? 0);
  if (unit === 'custom' ? customSeconds <= 0 : !Number.isSafeInteger(durationValue) || durationValue <= 0) {
    throw new AppError(unit === 'custom' ? messages.subscription.customSecondsInvalid : messages.subscription.durationValueInvalid);
  }
  const resetPeriod = input.quota_reset_period ?? 'never';
  if (!(RESET_PERIODS as readonly string[]).includes(resetPeriod)) throw new AppError(messages.subscription.resetPeriodInvalid);
  const resetSeconds = wholeAtLeast0(input.quota_reset_custom_seconds ?? 0);
  if (resetPeriod === 'custom' && resetSeconds <= 0) throw new AppError(messages.subscription.resetSecondsInvalid);
  const group = (value: string | undefined) => {
    const name = (value ?? '').trim();
    if (name !== '' && !Object.hasOwn(groups, name)) throw new AppError(fill(messages.subscription.groupUnknown, { group: name }));
    return name;
  };
  return {
    title,
    subtitle: input.subtitle ?? '',
    price_amount: Math.round(price * 100) / 100,
    currency: (input.currency ?? '').trim() || 'USD',
    duration_unit: unit,
    duration_value: unit === 'custom' ? Math.max(1, Math.trunc(durationValue)) : durationValue,
    custom_seconds: customSeconds,
    enabled: input.enabled ?? true,
    sort_order: input.sort_order ?? 0,
    allow_balance_pay: input.allow_balance_pay ?? null,
    allow_wallet_overflow: input.allow_wallet_overflow ?? null,
    stripe_price_id: input.stripe_price_id ?? '',
    creem_product_id: input.creem_product_id ?? '',
    waffo_pancake_product_id: input.waffo_pancake_product_id ?? '',
    max_purchase_per_user: wholeAtLeast0(input.max_purchase_per_user ?? 0),
    upgrade_group: group(input.upgrade_group),
    downgrade_group: group(input.downgrade_group),
    total_amount: wholeAtLeast0(input.total_amount ?? 0),
    quota_reset_period: resetPeriod,
    quota_reset_custom_seconds: resetSeconds,
  };
}
