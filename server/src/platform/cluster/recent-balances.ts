/** How old a worker's copy of a balance may be for `surelyAbove` to answer from it. */
export const RECENT_BALANCE_MS = 500;

/**
 * A cluster worker's copies of balances the primary told it (with when it did), moved by the
 * changes this worker makes itself. Other workers' spending is missing from a copy for at most
 * RECENT_BALANCE_MS, so a copy only answers "surely above" with the trust margin the relay asks for.
 */
export class RecentBalances {
  private readonly values = new Map<number, number>();
  private readonly readAt = new Map<number, number>();

  /** The balance as the primary answered it just now. */
  told(id: number, value: number): void {
    this.values.set(id, value);
    this.readAt.set(id, Date.now());
  }

  /** A change this worker sent (the primary applies it in order). */
  moved(id: number, delta: number): void {
    const value = this.values.get(id);
    if (value !== undefined) this.values.set(id, value + delta);
  }

  surelyAbove(id: number, amount: number): boolean {
    const value = this.values.get(id);
    return value !== undefined && value > amount && Date.now() - (this.readAt.get(id) ?? 0) < RECENT_BALANCE_MS;
  }
}
