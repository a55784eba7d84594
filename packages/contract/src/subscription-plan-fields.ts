import { z } from 'zod';
import type { SubscriptionPlan } from './subscription';

/** Subscription plan fields (reference features §6): the one home of their defaults and bounds, for server and console. */

export const DURATION_UNITS = ['year', 'month', 'day', 'hour', 'custom'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const RESET_PERIODS = ['never', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type ResetPeriod = (typeof RESET_PERIODS)[number];

export const PLAN_PRICE_MAX = 9999;
const TITLE_MAX = 128;
const SUBTITLE_MAX = 255;
const ID_MAX = 128;

/** A plan as an administrator sends it (`{plan: {...}}`): loose on the wire, checked by `checkPlanFields`. */
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

/** A plan's stored fields: everything but its id and times. */
export type PlanFields = Omit<SubscriptionPlan, 'id' | 'created_at' | 'updated_at'>;

/** Why a plan is refused; the server answers each with its message. */
export type PlanProblem =
  | {
      kind:
        | 'titleRequired'
        | 'titleTooLong'
        | 'priceInvalid'
        | 'durationUnitInvalid'
        | 'durationValueInvalid'
        | 'customSecondsInvalid';
    }
  | { kind: 'resetPeriodInvalid' | 'resetSecondsInvalid' | 'amountInvalid' }
  | { kind: 'groupUnknown'; group: string };

class Refused extends Error {
  constructor(readonly problem: PlanProblem) {
    super(problem.kind);
  }
}

const refuse = (problem: PlanProblem): never => {
  throw new Refused(problem);
};

const wholeAtLeast0 = (value: number) =>
  Number.isSafeInteger(value) && value >= 0 ? value : refuse({ kind: 'amountInvalid' });
const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The plan's fields with the reference's defaults, or the first problem; `groups` are the group names that exist. */
export function checkPlanFields(
  input: PlanInput,
  groups: Record<string, unknown>,
): { fields: PlanFields } | { problem: PlanProblem } {
  try {
    return { fields: planFields(input, groups) };
  } catch (error) {
    if (error instanceof Refused) return { problem: error.problem };
    throw error;
  }
}

function planFields(input: PlanInput, groups: Record<string, unknown>): PlanFields {
  const title = (input.title ?? '').trim();
  if (title === '') refuse({ kind: 'titleRequired' });
  if ([...title].length > TITLE_MAX || [...(input.subtitle ?? '')].length > SUBTITLE_MAX)
    refuse({ kind: 'titleTooLong' });
  const price = input.price_amount ?? 0;
  if (!Number.isFinite(price) || price < 0 || price > PLAN_PRICE_MAX) refuse({ kind: 'priceInvalid' });
  const unit = input.duration_unit ?? 'month';
  if (!isOneOf(DURATION_UNITS, unit)) return refuse({ kind: 'durationUnitInvalid' });
  const durationValue = input.duration_value ?? 1;
  const customSeconds = wholeAtLeast0(input.custom_seconds ?? 0);
  if (unit === 'custom' ? customSeconds <= 0 : !Number.isSafeInteger(durationValue) || durationValue <= 0) {
    refuse({ kind: unit === 'custom' ? 'customSecondsInvalid' : 'durationValueInvalid' });
  }
  const resetPeriod = input.quota_reset_period ?? 'never';
  if (!isOneOf(RESET_PERIODS, resetPeriod)) return refuse({ kind: 'resetPeriodInvalid' });
  const resetSeconds = wholeAtLeast0(input.quota_reset_custom_seconds ?? 0);
  if (resetPeriod === 'custom' && resetSeconds <= 0) refuse({ kind: 'resetSecondsInvalid' });
  const group = (value: string | undefined) => {
    const name = (value ?? '').trim();
    if (name !== '' && !Object.hasOwn(groups, name)) refuse({ kind: 'groupUnknown', group: name });
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
