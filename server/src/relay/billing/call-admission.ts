import type { AppContext } from '../../app-context';
import { ledgerOf, type Admission } from '../../ledger/index';
import type { Caller } from '../authenticate';
import { RelayError } from '../relay-error';
import { relayMessages } from '../relay-messages';

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
    ? new RelayError(relayMessages.userQuotaShort, 403, 'insufficient_user_quota', 'insufficient_quota')
    : new RelayError(relayMessages.tokenQuotaShort, 403, 'insufficient_token_quota', 'insufficient_quota');
}

/** Gives a call's reservation back in full (the call failed). */
export function releaseCall(context: AppContext, caller: Caller, reserved: number): Promise<void> {
  return ledgerOf(context).release(caller.user.id, spendingTokenId(caller), reserved);
}
