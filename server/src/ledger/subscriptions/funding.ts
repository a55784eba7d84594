import type { SubscriptionBook, SubscriptionHold } from './subscription-book';

/** Which balance pays a call: the wallet (with what admission reserved on it) or a subscription's hold. */
export interface CallFunding {
  reserved: number;
  subscription: SubscriptionHold | null;
}

/**
 * Picks the balance for a call of a user who holds a subscription, by their billing preference
 * (reference features §6): `subscription_first` spends the subscription and, when it is short, the
 * wallet only if the user has no active subscription or one that allows the wallet after its quota;
 * `wallet_first` spends the wallet and, when the user's balance is short, the subscription;
 * `*_only` never falls back. `wallet` admits on the wallet (throwing when it is short; `walletShort`
 * tells that error). Null: no balance may pay (the subscription is short).
 */
export async function fundCall(
  book: SubscriptionBook,
  userId: number,
  amount: number,
  wallet: () => Promise<number>,
  walletShort: (error: unknown) => boolean,
): Promise<CallFunding | null> {
  const preference = await book.preference(userId);
  const fromWallet = async (): Promise<CallFunding> => ({ reserved: await wallet(), subscription: null });
  if (preference === 'wallet_only') return fromWallet();
  if (preference === 'wallet_first') {
    try {
      return await fromWallet();
    } catch (error) {
      if (!walletShort(error)) throw error;
      const { hold } = await book.reserve(userId, amount);
      if (hold) return { reserved: 0, subscription: hold };
      throw error;
    }
  }
  const { hold, any, overflow } = await book.reserve(userId, amount);
  if (hold) return { reserved: 0, subscription: hold };
  if (preference === 'subscription_first' && (!any || overflow)) return fromWallet();
  return null;
}
