import type { AppContext } from '../../app-context';
import { ledgerOf, type Admission } from '../../ledger/index';
import { fundCall, type CallFunding } from '../../ledger/subscriptions/funding';
import { subscriptionBookOf } from '../../ledger/subscriptions/subscription-book';
import type { Caller } from '../authenticate';
import { RelayError } from '../relay-error';
import { messages } from '../../platform/i18n/catalogue';

/*
 * The relay's side of the ledger: which balances a caller spends, and the relay's errors for a refusal.
 * The money itself moves in ledger/.
 */

/** The balance a token spends from; null for unlimited tokens and playground calls. */
export const spendingTokenId = (caller: Caller) => (caller.token && !caller.token.unlimited ? caller.token.id : null);

/** Lets the call in through the ledger (reserving `amount` unless the caller holds plenty); returns what was reserved, or throws the relay's insufficient-quota error. */
export async function admitCall(context: AppContext, caller: Caller, amount: number): Promise<number> {
  let admission = ledgerOf(context).admit(caller.user.id, spendingTokenId(caller), amount);
  if (admission instanceof Promise) admission = await admission;
  return reservedOrThrow(admission);
}

function reservedOrThrow(admission: Admission): number {
  if ('reserved' in admission) return admission.reserved;
  throw admission.short === 'user'
    ? new RelayError(messages.relay.userQuotaShort, 403, 'insufficient_user_quota', 'insufficient_quota')
    : new RelayError(messages.relay.tokenQuotaShort, 403, 'insufficient_token_quota', 'insufficient_quota');
}

/** Gives a call's reservation back in full (the call failed). */
export function releaseCall(context: AppContext, caller: Caller, reserved: number): Promise<void> {
  return ledgerOf(context).release(caller.user.id, spendingTokenId(caller), reserved);
}

const walletShort = (error: unknown) => error instanceof RelayError && error.code === 'insufficient_user_quota';

/**
 * Lets a call in on the balance the user's billing preference picks: the wallet (as `admitCall`) or
 * a subscription's quota. A user without an active subscription (the common caller) costs one set
 * lookup before the wallet's admission.
 */
export async function admitFundedCall(context: AppContext, caller: Caller, amount: number): Promise<CallFunding> {
  const book = subscriptionBookOf(context);
  let holds = book.mayHold(caller.user.id);
  if (holds instanceof Promise) holds = await holds;
  if (!holds) return { reserved: await admitCall(context, caller, amount), subscription: null };
  const funding = await fundCall(book, caller.user.id, amount, () => admitCall(context, caller, amount), walletShort);
  if (!funding) throw new RelayError(messages.relay.subscriptionQuotaShort, 403, 'insufficient_subscription_quota', 'insufficient_quota');
  return funding;
}

/** Gives a call's reservation back in full, on the wallet or the subscription that held it. */
export function releaseFundedCall(context: AppContext, caller: Caller, funding: CallFunding): Promise<void> {
  if (funding.subscription) return subscriptionBookOf(context).release(funding.subscription);
  return releaseCall(context, caller, funding.reserved);
}
