import {
  checkTokenFields,
  DEFAULT_TOKEN_QUOTA,
  NEVER_EXPIRES,
  splitModelLimits,
  type TokenFields,
  type TokenProblem,
  type TokenUpdateRequest,
  type TokenView,
} from '@switchboard/contract';
import type { TFunction } from 'i18next';

/** What the token drawer edits; `expiry` is the text of a datetime-local input, '' for never. */
export interface TokenFormValues {
  name: string;
  expiry: string;
  remainQuota: number | null;
  unlimited: boolean;
  quantity: number | null;
  allowIps: string;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
  group: string;
  /** requests per minute; 0 or empty is no limit */
  rpmLimit: number | null;
  /** billed tokens per minute; 0 or empty is no limit */
  tpmLimit: number | null;
}

export type ExpiryPreset = 'never' | 'hour' | 'day' | 'month';
export const EXPIRY_PRESETS: ExpiryPreset[] = ['never', 'hour', 'day', 'month'];
const PRESET_SECONDS: Record<Exclude<ExpiryPreset, 'never'>, number> = { hour: 3600, day: 86_400, month: 30 * 86_400 };

const pad = (value: number) => String(value).padStart(2, '0');

/** Unix seconds as the local `YYYY-MM-DDTHH:mm:ss` a datetime-local input shows; '' for never. */
export function expiryText(seconds: number): string {
  if (seconds === NEVER_EXPIRES) return '';
  const date = new Date(seconds * 1000);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The unix seconds of an expiry text: -1 for '', NaN when it is no date. */
export function expirySeconds(text: string): number {
  if (text.trim() === '') return NEVER_EXPIRES;
  const milliseconds = new Date(text.trim()).getTime();
  return Number.isNaN(milliseconds) ? Number.NaN : Math.floor(milliseconds / 1000);
}

/** The shortcuts of spec 001: never, one hour, one day, one month (30 days) from now. */
export function expiryPreset(preset: ExpiryPreset, now: Date): string {
  if (preset === 'never') return '';
  return expiryText(Math.floor(now.getTime() / 1000) + PRESET_SECONDS[preset]);
}

export function emptyTokenForm(): TokenFormValues {
  return {
    name: '',
    expiry: '',
    remainQuota: DEFAULT_TOKEN_QUOTA,
    unlimited: false,
    quantity: 1,
    allowIps: '',
    modelLimitsEnabled: false,
    modelLimits: [],
    group: '',
    rpmLimit: 0,
    tpmLimit: 0,
  };
}

export function tokenFormOf(token: TokenView): TokenFormValues {
  return {
    name: token.name,
    expiry: expiryText(token.expired_time),
    remainQuota: token.remain_quota,
    unlimited: token.unlimited_quota,
    quantity: 1,
    allowIps: token.allow_ips,
    modelLimitsEnabled: token.model_limits_enabled,
    modelLimits: splitModelLimits(token.model_limits),
    group: token.group,
    rpmLimit: token.rpm_limit,
    tpmLimit: token.tpm_limit,
  };
}

/** The fields a request carries. */
export function tokenFieldsOf(values: TokenFormValues): TokenFields {
  return {
    name: values.name.trim(),
    expired_time: expirySeconds(values.expiry),
    remain_quota: values.remainQuota ?? Number.NaN,
    unlimited_quota: values.unlimited,
    model_limits_enabled: values.modelLimitsEnabled,
    model_limits: values.modelLimits.join(','),
    allow_ips: values.allowIps,
    group: values.group,
    rpm_limit: values.rpmLimit ?? 0,
    tpm_limit: values.tpmLimit ?? 0,
  };
}

/**
 * The edit of a loaded token. The remaining quota is sent only when the user changed it, with the
 * value it was changed from: calls spend from the token while the drawer is open, and sending the
 * loaded value back would give that spending back (the server refuses a stale one).
 */
export function tokenUpdateOf(token: TokenView, values: TokenFormValues): TokenUpdateRequest {
  const { remain_quota: remainQuota, ...fields } = tokenFieldsOf(values);
  if (remainQuota === token.remain_quota) return { id: token.id, ...fields };
  return { id: token.id, ...fields, remain_quota: remainQuota, expected_remain_quota: token.remain_quota };
}

export interface TokenFormCheck {
  /** creating: quantity counts and the expiry must lie ahead */
  creating: boolean;
  /** when editing, the expiry the token had: only a changed expiry must lie ahead */
  originalExpiry?: number;
  now: Date;
}

/** The same rules the server applies (the IP list and groups are left to it). */
export function checkTokenForm(values: TokenFormValues, check: TokenFormCheck): TokenProblem | null {
  const fields = tokenFieldsOf(values);
  if (Number.isNaN(fields.expired_time)) return { code: 'expiry_invalid' };
  return checkTokenFields(fields, {
    nowSeconds: Math.floor(check.now.getTime() / 1000),
    checkExpiryAgainstNow: check.creating || fields.expired_time !== check.originalExpiry,
    quantity: check.creating ? (values.quantity ?? Number.NaN) : undefined,
  });
}

/** A rule violation in the interface language (namespace `token`). */
export function tokenProblemText(t: TFunction, problem: TokenProblem): string {
  return t(`token:validation.${problem.code}`, 'max' in problem ? { max: problem.max } : {});
}
