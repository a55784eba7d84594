import { describe, expect, it } from 'vitest';
import { displayedAmountOf, quotaOfDisplayedAmount } from './quota';

describe('an amount typed in the displayed unit', () => {
  const dollars = { inCurrency: true, quotaPerUnit: 500_000 };

  it('reads dollars exactly, in integers', () => {
    expect(quotaOfDisplayedAmount('1', dollars)).toBe(500_000);
    expect(quotaOfDisplayedAmount('1.5', dollars)).toBe(750_000);
    expect(quotaOfDisplayedAmount('$0.01', dollars)).toBe(5_000);
    // 0.1 + 0.2 style float error cannot creep in: 1234.57 dollars is exactly 617 285 000 units.
    expect(quotaOfDisplayedAmount('1234.57', dollars)).toBe(617_285_000);
    expect(quotaOfDisplayedAmount('0.000001', dollars)).toBe(1);
  });

  it('rounds a remainder of half a unit or more up', () => {
    const odd = { inCurrency: true, quotaPerUnit: 3 };
    expect(quotaOfDisplayedAmount('0.5', odd)).toBe(2); // 1.5 units
    expect(quotaOfDisplayedAmount('0.1', odd)).toBe(0); // 0.3 units
  });

  it('reads whole units when the console shows units', () => {
    expect(quotaOfDisplayedAmount('750000', { inCurrency: false })).toBe(750_000);
    expect(quotaOfDisplayedAmount('1.5', { inCurrency: false })).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-1', '1.2.3', '1.0000001'])
      expect(quotaOfDisplayedAmount(text, dollars)).toBeNull();
  });

  it('shows an amount for typing without the currency sign', () => {
    expect(displayedAmountOf(1_002_600, dollars)).toBe('2.01');
    expect(displayedAmountOf(1_002_600, { inCurrency: false })).toBe('1002600');
  });
});
