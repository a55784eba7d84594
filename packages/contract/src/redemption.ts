import { z } from 'zod';
import { numberInput } from './number-input';

/** Redemption status (spec 001 §4): a used code cannot be enabled, only an unused one can be edited. */
export const RedemptionStatus = {
  Unused: 1,
  Disabled: 2,
  Used: 3,
} as const;

export const REDEMPTION_NAME_MAX_LENGTH = 20;
export const MAX_REDEMPTIONS_PER_BATCH = 100;
/** Spec 001 §9: the drawer starts at quota 100000 and count 1. */
export const DEFAULT_REDEMPTION_QUOTA = 100_000;
export const DEFAULT_REDEMPTION_COUNT = 1;
export const REDEMPTION_KEY_LENGTH = 32;

/** `POST /api/redemption/`: an empty name becomes the formatted quota. */
export const redemptionCreateRequestSchema = z.object({
  name: z.string().optional(),
  quota: numberInput.optional(),
  count: numberInput.optional(),
});
export type RedemptionCreateRequest = z.infer<typeof redemptionCreateRequestSchema>;

/** `PUT /api/redemption/`: missing fields keep their value; with `?status_only=true` only `status` counts. */
export const redemptionUpdateRequestSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().optional(),
  quota: numberInput.optional(),
  status: z.number().optional(),
});
export type RedemptionUpdateRequest = z.infer<typeof redemptionUpdateRequestSchema>;

export interface RedemptionView {
  id: number;
  /** the administrator who created it */
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  /** unix seconds, 0 while unused */
  redeemed_time: number;
  /** 0 means nobody */
  used_user_id: number;
}

/** A rule the drawer's fields break; server and console word it in their own messages. */
export type RedemptionProblem =
  | { code: 'name_too_long'; max: number }
  | { code: 'quota_invalid' }
  | { code: 'quota_negative' }
  | { code: 'count_invalid' }
  | { code: 'count_too_small' }
  | { code: 'count_too_large'; max: number };

/** The first rule a name and quota break (spec 001 §5 Redemption), or null. The name is given trimmed. */
export function checkRedemptionFields(fields: { name: string; quota: number }): RedemptionProblem | null {
  if ([...fields.name].length > REDEMPTION_NAME_MAX_LENGTH)
    return { code: 'name_too_long', max: REDEMPTION_NAME_MAX_LENGTH };
  if (!Number.isSafeInteger(fields.quota)) return { code: 'quota_invalid' };
  if (fields.quota < 0) return { code: 'quota_negative' };
  return null;
}

/** Count of one creation: a whole number from 1 to 100. */
export function checkRedemptionCount(count: number): RedemptionProblem | null {
  if (!Number.isInteger(count)) return { code: 'count_invalid' };
  if (count < 1) return { code: 'count_too_small' };
  if (count > MAX_REDEMPTIONS_PER_BATCH) return { code: 'count_too_large', max: MAX_REDEMPTIONS_PER_BATCH };
  return null;
}

/** `POST /api/user/topup`: redeem a code; `data` is the quota added. */
export const redeemRequestSchema = z.object({ key: z.string().optional() });
