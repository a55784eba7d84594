import { z } from 'zod';
import { numberInput } from './number-input';
import { QUOTA_PER_UNIT } from './quota';

/** Token status as stored in `tokens.status` (1 and 2) or derived for display and the relay (3 and 4). */
export const TokenStatus = {
  Enabled: 1,
  Disabled: 2,
  Expired: 3,
  Exhausted: 4,
} as const;
export type TokenStatusValue = (typeof TokenStatus)[keyof typeof TokenStatus];

/** A key is shown and sent as `sk-` + 48 characters; the database stores the 48 characters only. */
export const TOKEN_KEY_PREFIX = 'sk-';
export const TOKEN_KEY_LENGTH = 48;
export const TOKEN_KEY_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const TOKEN_NAME_MAX_LENGTH = 50;
export const MAX_TOKENS_PER_USER = 1000;
/** Length of the random suffix of the extra tokens of a bulk creation (`name-Ab12Cd`). */
export const TOKEN_NAME_SUFFIX_LENGTH = 6;
/** Largest remaining quota a token may be given: one billion dollars. */
export const MAX_TOKEN_REMAIN_QUOTA = 1_000_000_000 * QUOTA_PER_UNIT;
/** `expired_time` of a token that never expires. */
export const NEVER_EXPIRES = -1;
/** Unix seconds of 9999-12-31 23:59:59 UTC: later expiry values are not dates. */
const LAST_EXPIRY = 253_402_300_799;

/** Spec 001 §9: quota presets of the token drawer, 1$ to 1000$. */
export const TOKEN_QUOTA_PRESETS = [500_000, 5_000_000, 25_000_000, 50_000_000, 250_000_000, 500_000_000] as const;
export const TOKEN_QUANTITY_PRESETS = [10, 20, 30, 100] as const;
export const DEFAULT_TOKEN_QUOTA = 500_000;

/** What decides a token's effective status; both the console list and the relay use it. */
export interface TokenStatusInput {
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

export const isTokenExpired = (token: Pick<TokenStatusInput, 'expired_time'>, nowSeconds: number): boolean =>
  token.expired_time !== NEVER_EXPIRES && token.expired_time < nowSeconds;

export const isTokenExhausted = (token: Pick<TokenStatusInput, 'remain_quota' | 'unlimited_quota'>): boolean =>
  !token.unlimited_quota && token.remain_quota <= 0;

/** The effective status: expired (3) before exhausted (4) before the stored status. */
export function tokenStatusOf(token: TokenStatusInput, nowSeconds: number): number {
  if (isTokenExpired(token, nowSeconds)) return TokenStatus.Expired;
  if (isTokenExhausted(token)) return TokenStatus.Exhausted;
  return token.status;
}

/** The editable fields of a token, as they travel. */
const tokenFieldShape = {
  name: z.string(),
  /** unix seconds, -1 never */
  expired_time: z.number(),
  remain_quota: numberInput,
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  /** comma-separated model names */
  model_limits: z.string(),
  /** one IP or CIDR per line; null means none */
  allow_ips: z.string().nullable(),
  /** '' means the user's own group */
  group: z.string(),
  /** requests per minute, 0 no limit (issue 22) */
  rpm_limit: z.number(),
  /** billed tokens per minute, 0 no limit (issue 22) */
  tpm_limit: z.number(),
};

export type TokenFields = { [K in keyof typeof tokenFieldShape]: z.infer<(typeof tokenFieldShape)[K]> };

export const TOKEN_FIELD_DEFAULTS: TokenFields = {
  name: '',
  expired_time: NEVER_EXPIRES,
  remain_quota: DEFAULT_TOKEN_QUOTA,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  group: '',
  rpm_limit: 0,
  tpm_limit: 0,
};

/** `POST /api/token/`: missing fields take TOKEN_FIELD_DEFAULTS; `quantity` > 1 creates several. */
export const tokenCreateRequestSchema = z.object(tokenFieldShape).partial().extend({ quantity: z.number().optional() });
export type TokenCreateRequest = z.infer<typeof tokenCreateRequestSchema>;

/** `PUT /api/token/`: missing fields keep their value; with `?status_only=true` only `status` counts. */
export const tokenUpdateRequestSchema = z.object(tokenFieldShape).partial().extend({
  id: z.number().int().positive(),
  status: z.number().optional(),
  /**
   * Optional (not in the reference): the remaining quota the client saw when it loaded the token. With
   * `remain_quota`, the edit is refused when calls have spent from the token since, instead of giving it back.
   */
  expected_remain_quota: z.number().optional(),
});
export type TokenUpdateRequest = z.infer<typeof tokenUpdateRequestSchema>;

/** A token as its owner sees it: the full key (without `sk-`), the effective status, the live remaining quota. */
export const tokenViewSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  key: z.string(),
  status: z.number(),
  name: z.string(),
  created_time: z.number(),
  accessed_time: z.number(),
  expired_time: z.number(),
  remain_quota: numberInput,
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string(),
  allow_ips: z.string(),
  used_quota: z.number(),
  group: z.string(),
  rpm_limit: z.number(),
  tpm_limit: z.number(),
});
export type TokenView = z.infer<typeof tokenViewSchema>;

/** A rule a token's fields break; the server and the console each word it in their own messages. */
export type TokenProblem =
  | { code: 'name_required' }
  | { code: 'name_too_long'; max: number }
  | { code: 'expiry_invalid' }
  | { code: 'expiry_past' }
  | { code: 'quota_invalid' }
  | { code: 'quota_negative' }
  | { code: 'quota_too_large'; max: number }
  | { code: 'quantity_invalid' }
  | { code: 'model_limits_empty' }
  | { code: 'rpm_limit_invalid' }
  | { code: 'tpm_limit_invalid' };

/** A per-minute or per-day cap: a whole number, 0 meaning no limit. */
export const isWholeLimit = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

/** Model names of a comma list: trimmed, without blanks and repeats. */
export function splitModelLimits(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
}

export interface TokenCheckOptions {
  nowSeconds: number;
  /** Checks the expiry against now (on create, and when an edit changes it). */
  checkExpiryAgainstNow: boolean;
  /** Bulk quantity, when creating. */
  quantity?: number;
}

/** The first rule the fields break (spec 001 §5 and issue 8), or null. IPs and groups are checked by the server. */
export function checkTokenFields(fields: TokenFields, options: TokenCheckOptions): TokenProblem | null {
  const name = fields.name.trim();
  if (name === '') return { code: 'name_required' };
  if ([...name].length > TOKEN_NAME_MAX_LENGTH) return { code: 'name_too_long', max: TOKEN_NAME_MAX_LENGTH };
  const expiry = fields.expired_time;
  if (!Number.isInteger(expiry) || (expiry !== NEVER_EXPIRES && (expiry <= 0 || expiry > LAST_EXPIRY))) {
    return { code: 'expiry_invalid' };
  }
  if (options.checkExpiryAgainstNow && isTokenExpired(fields, options.nowSeconds)) return { code: 'expiry_past' };
  if (!Number.isSafeInteger(fields.remain_quota)) return { code: 'quota_invalid' };
  if (!fields.unlimited_quota && fields.remain_quota < 0) return { code: 'quota_negative' };
  if (fields.remain_quota > MAX_TOKEN_REMAIN_QUOTA) return { code: 'quota_too_large', max: MAX_TOKEN_REMAIN_QUOTA };
  if (options.quantity !== undefined && (!Number.isInteger(options.quantity) || options.quantity < 1)) {
    return { code: 'quantity_invalid' };
  }
  if (fields.model_limits_enabled && splitModelLimits(fields.model_limits).length === 0)
    return { code: 'model_limits_empty' };
  if (!isWholeLimit(fields.rpm_limit)) return { code: 'rpm_limit_invalid' };
  if (!isWholeLimit(fields.tpm_limit)) return { code: 'tpm_limit_invalid' };
  return null;
}
