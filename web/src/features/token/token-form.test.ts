import { DEFAULT_TOKEN_QUOTA, type TokenView } from '@switchboard/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import {
  checkTokenForm,
  emptyTokenForm,
  expiryPreset,
  expirySeconds,
  expiryText,
  tokenFieldsOf,
  tokenFormOf,
  tokenProblemText,
  type TokenFormValues,
} from './token-form';

const now = new Date(2030, 0, 15, 10, 30, 0);
const nowSeconds = Math.floor(now.getTime() / 1000);
const form = (values: Partial<TokenFormValues>): TokenFormValues => ({ ...emptyTokenForm(), name: 'name', ...values });
const problemOf = (values: Partial<TokenFormValues>, creating = true) =>
  checkTokenForm(form(values), { creating, now });

describe('expiry presets', () => {
  it('offer never, one hour, one day and one month of 30 days from now', () => {
    expect(expiryPreset('never', now)).toBe('');
    expect(expirySeconds(expiryPreset('hour', now))).toBe(nowSeconds + 3600);
    expect(expirySeconds(expiryPreset('day', now))).toBe(nowSeconds + 86_400);
    expect(expirySeconds(expiryPreset('month', now))).toBe(nowSeconds + 30 * 86_400);
  });

  it('show a local date and time and read it back', () => {
    expect(expiryText(nowSeconds)).toBe('2030-01-15T10:30:00');
    expect(expirySeconds('2030-01-15T10:30:00')).toBe(nowSeconds);
    expect(expiryText(-1)).toBe('');
    expect(expirySeconds('  ')).toBe(-1);
    expect(expirySeconds('next tuesday')).toBeNaN();
  });
});

describe('the drawer form', () => {
  it('starts with the defaults of spec 001 §9: quota 500000, never expires, one token', () => {
    expect(emptyTokenForm()).toMatchObject({
      remainQuota: DEFAULT_TOKEN_QUOTA,
      expiry: '',
      quantity: 1,
      unlimited: false,
      group: '',
    });
  });

  it('turns into request fields', () => {
    const fields = tokenFieldsOf(
      form({ name: ' team ', expiry: '2030-01-15T10:30:00', modelLimits: ['a', 'b'], allowIps: '1.1.1.1' }),
    );
    expect(fields).toEqual({
      name: 'team',
      expired_time: nowSeconds,
      remain_quota: DEFAULT_TOKEN_QUOTA,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: 'a,b',
      allow_ips: '1.1.1.1',
      group: '',
      rpm_limit: 0,
      tpm_limit: 0,
    });
  });

  it('sends an empty per-minute limit as 0, no limit', () => {
    expect(tokenFieldsOf(form({ rpmLimit: null, tpmLimit: 2000 }))).toMatchObject({ rpm_limit: 0, tpm_limit: 2000 });
  });

  it('loads a token for editing', () => {
    const token = {
      name: 'x',
      expired_time: -1,
      remain_quota: 9,
      unlimited_quota: true,
      allow_ips: '',
      model_limits_enabled: true,
      model_limits: 'a,b',
      group: 'vip',
    };
    expect(tokenFormOf(token as TokenView)).toMatchObject({
      name: 'x',
      expiry: '',
      remainQuota: 9,
      unlimited: true,
      modelLimits: ['a', 'b'],
      group: 'vip',
    });
  });
});

describe('validation before sending', () => {
  beforeEach(() => changeLanguage('en'));

  it('passes a complete form', () => {
    expect(problemOf({})).toBeNull();
    expect(problemOf({ expiry: expiryPreset('day', now), quantity: 100 })).toBeNull();
  });

  it.each([
    [{ name: '' }, 'Please enter a token name'],
    [{ name: 'x'.repeat(51) }, 'The token name is too long: at most 50 characters'],
    [{ expiry: 'soon' }, 'Expiry time format error'],
    [{ expiry: '2020-01-01T00:00:00' }, 'The expiry time has already passed: choose a future time or never'],
    [{ remainQuota: null }, 'The quota must be a whole number'],
    [{ remainQuota: -1 }, 'The remaining quota cannot be negative'],
    [{ quantity: 0 }, 'The quantity must be a positive integer'],
    [{ quantity: null }, 'The quantity must be a positive integer'],
    [{ modelLimitsEnabled: true }, 'Select at least one model when the model limit is on'],
    [{ rpmLimit: -1 }, 'Requests per minute must be a whole number of 0 or more (0 means no limit)'],
    [{ tpmLimit: 1.5 }, 'Tokens per minute must be a whole number of 0 or more (0 means no limit)'],
  ])('refuses %j', (values, message) => {
    const problem = problemOf(values);
    expect(problem).not.toBeNull();
    if (problem) expect(tokenProblemText(i18n.t, problem)).toBe(message);
  });

  it('words the problems in Chinese too', async () => {
    await changeLanguage('zh');
    const problem = problemOf({ name: ' ' });
    if (problem) expect(tokenProblemText(i18n.t, problem)).toBe('请填写令牌名称');
  });

  it('lets an edit keep an expiry that has passed, but not move it into the past', () => {
    const past = expirySeconds('2020-01-01T00:00:00');
    expect(
      checkTokenForm(form({ expiry: '2020-01-01T00:00:00' }), { creating: false, originalExpiry: past, now }),
    ).toBeNull();
    expect(
      checkTokenForm(form({ expiry: '2021-01-01T00:00:00' }), { creating: false, originalExpiry: past, now }),
    ).toEqual({ code: 'expiry_past' });
    expect(checkTokenForm(form({ quantity: 0 }), { creating: false, originalExpiry: -1, now })).toBeNull();
  });
});
