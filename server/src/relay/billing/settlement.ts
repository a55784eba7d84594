import type { AppContext } from '../../app-context';
import { TRUST_FACTOR } from '../../ledger/balances/admission';
import type { Caller } from '../authenticate';
import { RelayError } from '../relay-error';
import { relayMessages } from '../relay-messages';
import type { Price } from './price';

/** The balance a token spends from; null for unlimited tokens and playground calls. */
const spendingTokenId = (caller: Caller) => (caller.token && !caller.token.unlimited ? caller.token.id : null);

/**
 * Reserves `amount` before the call (all or nothing, in the balance authority). Callers holding
 * plenty skip the reservation; the settlement debits them afterwards. Returns what was reserved.
 * While the write-behind queue lags (the database cannot keep up), the call waits here first.
 */
export async function reserve(context: AppContext, caller: Caller, amount: number): Promise<number> {
  const admitted = context.writeBehind.admission();
  if (admitted) await admitted;
  const tokenId = spendingTokenId(caller);
  // Steady state: the balances this process holds (in memory, or a cluster worker's lease) answer without a wait.
  if (amount <= 0 ? context.balances.surelyAbove(caller.user.id, null, 0) : context.balances.surelyAbove(caller.user.id, tokenId, amount * TRUST_FACTOR)) {
    return 0;
  }
  const admission = await context.balances.admit({ userId: caller.user.id, tokenId, amount });
  if ('reserved' in admission) return admission.reserved;
  throw admission.short === 'user'
    ? new RelayError(relayMessages.userQuotaShort, 403, 'insufficient_user_quota', 'insufficient_quota')
    : new RelayError(relayMessages.tokenQuotaShort, 403, 'insufficient_token_quota', 'insufficient_quota');
}

/** Gives a reservation back in full (the call failed). */
export async function refund(context: AppContext, caller: Caller, reserved: number): Promise<void> {
  if (reserved <= 0) return;
  await context.balances.release({ userId: caller.user.id, tokenId: spendingTokenId(caller), amount: reserved });
}

/**
 * Charges the final bill (ending the reservation) and the usage counters. Write the call's log row
 * first, in the same turn: the journal then holds the row, the usage and the charge together, so a
 * crash keeps all of them or none. Await `billingDurable` before the answer's last byte.
 */
export function settle(context: AppContext, caller: Caller, reserved: number, quota: number, channelId: number): Promise<void> {
  context.balances.recordUsage({
    userId: caller.user.id,
    tokenId: caller.token?.id ?? 0,
    channelId,
    quota,
    requests: 1,
  });
  return context.balances.charge({ userId: caller.user.id, tokenId: spendingTokenId(caller), reserved, quota });
}

/**
 * Resolves once every settlement and log row queued so far is in the durable journal (at once when
 * the journal is off). The relay awaits it before it completes an answer.
 */
export function billingDurable(context: AppContext): Promise<void> {
  return context.journal ? context.journal.durable() : Promise.resolve();
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
    /** set when the model had no price: `fallback-ratio` (billed at 37.5) or `self-use` (free) */
    unpriced: price.unpriced,
  };
}
