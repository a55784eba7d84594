import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENT_BALANCE_MS, RecentBalances } from './recent-balances';

describe("a worker's recent copies of balances", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers "surely above" only from a copy the primary told it lately', () => {
    const copies = new RecentBalances();
    expect(copies.surelyAbove(1, 0)).toBe(false);
    copies.told(1, 10_000);
    expect(copies.surelyAbove(1, 9_999)).toBe(true);
    expect(copies.surelyAbove(1, 10_000)).toBe(false);
    vi.advanceTimersByTime(RECENT_BALANCE_MS);
    expect(copies.surelyAbove(1, 0)).toBe(false);
  });

  it("follows this worker's own spending, and ignores changes to balances it never read", () => {
    const copies = new RecentBalances();
    copies.told(1, 10_000);
    copies.moved(1, -4_000);
    expect(copies.surelyAbove(1, 6_000)).toBe(false);
    expect(copies.surelyAbove(1, 5_999)).toBe(true);
    copies.moved(2, 500);
    expect(copies.surelyAbove(2, 0)).toBe(false);
  });
});
