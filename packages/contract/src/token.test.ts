import { describe, expect, it } from 'vitest';
import { checkTokenFields, splitModelLimits, TOKEN_FIELD_DEFAULTS, TokenStatus, tokenStatusOf } from './token';

const now = 1_800_000_000;
const token = { status: TokenStatus.Enabled, expired_time: -1, remain_quota: 10, unlimited_quota: false };

describe('tokenStatusOf', () => {
  it('keeps the stored status of a usable token', () => {
    expect(tokenStatusOf(token, now)).toBe(TokenStatus.Enabled);
    expect(tokenStatusOf({ ...token, status: TokenStatus.Disabled }, now)).toBe(TokenStatus.Disabled);
    expect(tokenStatusOf({ ...token, expired_time: now }, now)).toBe(TokenStatus.Enabled);
  });

  it('derives expired before exhausted, whatever is stored', () => {
    expect(tokenStatusOf({ ...token, expired_time: now - 1 }, now)).toBe(TokenStatus.Expired);
    expect(tokenStatusOf({ ...token, expired_time: now - 1, remain_quota: 0 }, now)).toBe(TokenStatus.Expired);
    expect(tokenStatusOf({ ...token, remain_quota: 0, status: TokenStatus.Disabled }, now)).toBe(TokenStatus.Exhausted);
  });

  it('never calls an unlimited token exhausted', () => {
    expect(tokenStatusOf({ ...token, remain_quota: -100, unlimited_quota: true }, now)).toBe(TokenStatus.Enabled);
  });
});

describe('checkTokenFields', () => {
  const check = (fields: Partial<typeof TOKEN_FIELD_DEFAULTS>, quantity?: number) =>
    checkTokenFields(
      { ...TOKEN_FIELD_DEFAULTS, name: 'name', ...fields },
      { nowSeconds: now, checkExpiryAgainstNow: true, quantity },
    );

  it('passes the defaults with a name', () => {
    expect(check({})).toBeNull();
    expect(check({ expired_time: now + 1 }, 100)).toBeNull();
  });

  it('names the first broken rule', () => {
    expect(check({ name: ' ' })).toEqual({ code: 'name_required' });
    expect(check({ name: '名'.repeat(51) })).toEqual({ code: 'name_too_long', max: 50 });
    expect(check({ name: '名'.repeat(50) })).toBeNull();
    expect(check({ expired_time: -2 })).toEqual({ code: 'expiry_invalid' });
    expect(check({ expired_time: now - 1 })).toEqual({ code: 'expiry_past' });
    expect(check({ remain_quota: -1 })).toEqual({ code: 'quota_negative' });
    expect(check({ remain_quota: -1, unlimited_quota: true })).toBeNull();
    expect(check({}, 0)).toEqual({ code: 'quantity_invalid' });
    expect(check({ model_limits_enabled: true })).toEqual({ code: 'model_limits_empty' });
  });

  it('takes a whole number of requests and tokens per minute, 0 meaning none', () => {
    expect(check({ rpm_limit: 0, tpm_limit: 0 })).toBeNull();
    expect(check({ rpm_limit: 60, tpm_limit: 100_000 })).toBeNull();
    expect(check({ rpm_limit: -1 })).toEqual({ code: 'rpm_limit_invalid' });
    expect(check({ rpm_limit: 1.5 })).toEqual({ code: 'rpm_limit_invalid' });
    expect(check({ tpm_limit: -5 })).toEqual({ code: 'tpm_limit_invalid' });
    expect(check({ tpm_limit: Number.NaN })).toEqual({ code: 'tpm_limit_invalid' });
  });

  it('splits model limits without blanks or repeats', () => {
    expect(splitModelLimits(' a, b ,,a ')).toEqual(['a', 'b']);
  });
});
