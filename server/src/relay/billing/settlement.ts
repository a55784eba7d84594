import type { AppContext } from '../../app-context';
import type { Caller } from '../authenticate';
import { RelayError } from '../relay-error';
import { relayMessages } from '../relay-messages';
import type { Price } from './price';

/** A caller holding this many times the reservation is trusted without reserving. */
const TRUST_FACTOR = 100;

/** The balance a token spends from; null for unlimited tokens and playground calls. */
const spendingTokenId = (caller: Caller) => (caller.token && !caller.token.unlimited ? caller.token.id : null);

/**
 * Reserves `amount` before the call (all or nothing, in the balance authority). Callers holding
 * plenty skip the reservation; the settlement debits them afterwards. Returns what was reserved.
 */
export async function reserve(context: AppContext, caller: Caller, amount: number): Promise<number> {
  const tokenId = spendingTokenId(caller);
  const userQuota = await context.balances.userQuota(caller.user.id);
  if (userQuota <= 0) throw new RelayError(relayMessages.userQuotaShort, 403, 'insufficient_user_quota', 'insufficient_quota');
  if (amount <= 0) return 0;
  const tokenRemain = tokenId === null ? Number.POSITIVE_INFINITY : await context.balances.tokenRemain(tokenId);
  if (userQuota > amount * TRUST_FACTOR && tokenRemain > amount * TRUST_FACTOR) return 0;
  if (await context.balances.reserve({ userId: caller.user.id, tokenId, amount })) return amount;
  const userShort = (await context.balances.userQuota(caller.user.id)) < amount;
  throw userShort
    ? new RelayError(relayMessages.userQuotaShort, 403, 'insufficient_user_quota', 'insufficient_quota')
    : new RelayError(relayMessages.tokenQuotaShort, 403, 'insufficient_token_quota', 'insufficient_quota');
}

/** Gives a reservation back in full (the call failed). */
export async function refund(context: AppContext, caller: Caller, reserved: number): Promise<void> {
  if (reserved <= 0) return;
  await context.balances.adjustUser(caller.user.id, reserved);
  const tokenId = spendingTokenId(caller);
  if (tokenId !== null) await context.balances.adjustToken(tokenId, reserved);
}

/** Charges the final bill: the difference to the reservation, and the usage counters. */
export async function settle(context: AppContext, caller: Caller, reserved: number, quota: number, channelId: number): Promise<void> {
  const difference = quota - reserved;
  if (difference !== 0) {
    await context.balances.adjustUser(caller.user.id, -difference);
    const tokenId = spendingTokenId(caller);
    if (tokenId !== null) await context.balances.adjustToken(tokenId, -difference);
  }
  context.balances.recordUsage({
    userId: caller.user.id,
    tokenId: caller.token?.id ?? 0,
    channelId,
    quota,
    requests: 1,
  });
}

/** The `other` fields of a consumption log that describe the price. */
export function priceDetails(price: Price) {
  const perCall = price.kind === 'per-call';
  return {
    model_price: perCall ? price.modelPrice : -1,
    model_ratio: perCall ? 0 : price.modelRatio,
    completion_ratio: perCall ? 0 : price.completionRatio,
    group_ratio: price.groupRatio,
    cache_ratio: perCall ? undefined : price.cacheRatio,
    cache_creation_ratio: perCall ? undefined : price.createCacheRatio,
  };
}
