import { describe, expect, it } from 'vitest';
import { displayCallQuota, displayUsageQuota } from './call-quota';

const dollars = { display_in_currency: true, quota_per_unit: 500_000 };

describe('quota in logs and the dashboard', () => {
  it('shows a call to six decimals', () => {
    expect(displayCallQuota(3, dollars)).toBe('$0.000006');
    expect(displayCallQuota(3, { ...dollars, display_in_currency: false })).toBe('3');
  });

  it('shows amounts to two decimals from a dollar up and to four below, never small usage as $0.00', () => {
    expect(displayUsageQuota(1_000_000, dollars)).toBe('$2.00');
    expect(displayUsageQuota(96_070, dollars)).toBe('$0.1921');
    expect(displayUsageQuota(3, dollars)).toBe('<$0.0001');
    expect(displayUsageQuota(50, dollars)).toBe('$0.0001');
    expect(displayUsageQuota(0, dollars)).toBe('$0.00');
    expect(displayUsageQuota(1_000_000, { ...dollars, display_in_currency: false })).toBe('1000000');
  });
});
