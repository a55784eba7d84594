import type { AppContext } from '../../app-context';
import { ledgerOf, type Admission, type Bill } from '../../ledger/index';
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

/** Who a bill of the caller's on this channel is for: the user, the token it spends, the token its usage counts on. */
export const billedParties = (caller: Caller, channelId: number) => ({
  userId: caller.user.id,
  tokenId: spendingTokenId(caller),
  usageTokenId: caller.token?.id ?? 0,
  channelId,
});

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
    : tokenShort();
}

/** Gives a call's reservation back in full (the call failed). */
export function releaseCall(context: AppContext, caller: Caller, reserved: number): Promise<void> {
  return ledgerOf(context).release(caller.user.id, spendingTokenId(caller), reserved);
}

const walletShort = (error: unknown) => error instanceof RelayError && error.code === 'insufficient_user_quota';

const subscriptionShort = () =>
  new RelayError(messages.relay.subscriptionQuotaShort, 403, 'insufficient_subscription_quota', 'insufficient_quota');
const tokenShort = () =>
  new RelayError(messages.relay.tokenQuotaShort, 403, 'insufficient_token_quota', 'insufficient_quota');

/**
 * Lets a call in on the balance the user's billing preference picks: the wallet (as `admitCall`) or
 * a subscription's quota. A user without an active subscription (the common caller) costs one set
 * lookup and is answered without a promise whenever the wallet's admission is (see Ledger.admit).
 */
export function admitFundedCall(
  context: AppContext,
  caller: Caller,
  amount: number,
): CallFunding | Promise<CallFunding> {
  const book = subscriptionBookOf(context);
  const holds = book.mayHold(caller.user.id);
  if (holds === false) return walletFunding(context, caller, amount);
  return (async () =>
    (await holds) ? fundedBySubscription(context, caller, amount) : walletFunding(context, caller, amount))();
}

function walletFunding(context: AppContext, caller: Caller, amount: number): CallFunding | Promise<CallFunding> {
  const admission = ledgerOf(context).admit(caller.user.id, spendingTokenId(caller), amount);
  if (admission instanceof Promise)
    return admission.then((admitted) => ({ reserved: reservedOrThrow(admitted), subscription: null }));
  return { reserved: reservedOrThrow(admission), subscription: null };
}

/** The billing preference picks; a subscription's hold is kept only while the token's balance covers the call too. */
async function fundedBySubscription(context: AppContext, caller: Caller, amount: number): Promise<CallFunding> {
  const book = subscriptionBookOf(context);
  const funding = await fundCall(book, caller.user.id, amount, () => admitCall(context, caller, amount), walletShort);
  if (!funding) throw subscriptionShort();
  const tokenId = spendingTokenId(caller);
  if (funding.subscription && tokenId !== null && !(await ledgerOf(context).tokenCovers(tokenId, amount))) {
    await book.release(funding.subscription);
    throw tokenShort();
  }
  return funding;
}

/** Gives a call's reservation back in full, on the wallet or the subscription that held it. */
export function releaseFundedCall(context: AppContext, caller: Caller, funding: CallFunding): Promise<void> {
  if (funding.subscription) return subscriptionBookOf(context).release(funding.subscription);
  return releaseCall(context, caller, funding.reserved);
}

/**
 * Settles a bill on the balance that admitted it: the wallet's reservation, or the subscription's
 * hold (the wallet then pays nothing; the token spends the bill either way).
 */
export async function settleFundedBill(
  context: AppContext,
  bill: Omit<Bill, 'reserved' | 'walletQuota'>,
  funding: CallFunding,
): Promise<void> {
  await ledgerOf(context).settle(
    funding.subscription
      ? { ...bill, reserved: funding.reserved, walletQuota: 0 }
      : { ...bill, reserved: funding.reserved },
  );
  if (funding.subscription) await subscriptionBookOf(context).settle(funding.subscription, bill.quota);
}
