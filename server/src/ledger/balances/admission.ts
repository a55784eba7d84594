import type { BalanceBook, Hold } from './balance-book';

/** A caller holding this many times the reservation is trusted without reserving. */
export const TRUST_FACTOR = 100;

/** A call let in (with what was reserved for it, 0 when trusted), or refused for the balance that is short. */
export type Admission = { reserved: number } | { short: 'user' | 'token' };

/**
 * Lets a call that may cost `hold.amount` in, or not: a user with nothing left is refused; a caller
 * holding plenty is trusted without a reservation (the settlement debits it afterwards); anyone else
 * gets `amount` reserved in the authority, all or nothing.
 */
export async function admitOn(balances: BalanceBook, hold: Hold): Promise<Admission> {
  const userQuota = await balances.userQuota(hold.userId);
  if (userQuota <= 0) return { short: 'user' };
  if (hold.amount <= 0) return { reserved: 0 };
  const tokenRemain = hold.tokenId === null ? Number.POSITIVE_INFINITY : await balances.tokenRemain(hold.tokenId);
  if (userQuota > hold.amount * TRUST_FACTOR && tokenRemain > hold.amount * TRUST_FACTOR) return { reserved: 0 };
  if (await balances.reserve(hold)) return { reserved: hold.amount };
  return { short: (await balances.userQuota(hold.userId)) < hold.amount ? 'user' : 'token' };
}
