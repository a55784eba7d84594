import { describe, expect, it } from 'vitest';
import { checkRedemptionCount, checkRedemptionFields } from './redemption';
import { amountPayable, formatMoney } from './topup';

describe('amount payable', () => {
  it('multiplies amount, price and the group top-up ratio; a missing or zero ratio counts as 1', () => {
    expect(formatMoney(amountPayable(10, 7.3, 1.5))).toBe('109.50');
    expect(formatMoney(amountPayable(10, 7.3, undefined))).toBe('73.00');
    expect(formatMoney(amountPayable(10, 7.3, 0))).toBe('73.00');
  });
});

describe('redemption rules', () => {
  it('counts the name in characters, up to 20', () => {
    expect(checkRedemptionFields({ name: '码'.repeat(20), quota: 0 })).toBeNull();
    expect(checkRedemptionFields({ name: '码'.repeat(21), quota: 0 })).toEqual({ code: 'name_too_long', max: 20 });
  });

  it('wants a whole, non-negative quota and a count from 1 to 100', () => {
    expect(checkRedemptionFields({ name: 'a', quota: -1 })).toEqual({ code: 'quota_negative' });
    expect(checkRedemptionFields({ name: 'a', quota: 1.5 })).toEqual({ code: 'quota_invalid' });
    expect(checkRedemptionCount(1)).toBeNull();
    expect(checkRedemptionCount(100)).toBeNull();
    expect(checkRedemptionCount(0)).toEqual({ code: 'count_too_small' });
    expect(checkRedemptionCount(101)).toEqual({ code: 'count_too_large', max: 100 });
    expect(checkRedemptionCount(2.5)).toEqual({ code: 'count_invalid' });
  });
});
