import { tokenStatusOf, type TokenView } from '@switchboard/contract';
import type { BalanceBook } from '../../ledger/balances/balance-book';
import type { TokenRecord } from './repository';

/**
 * What the owner sees of a token: the remaining quota from the balance authority (the row lags by
 * up to a second) and the effective status derived from it.
 */
export async function toTokenView(record: TokenRecord, balances: BalanceBook, nowSeconds: number): Promise<TokenView> {
  const remain = await balances.tokenRemain(record.id);
  const live = { ...record, remain_quota: remain };
  return { ...live, status: tokenStatusOf(live, nowSeconds) };
}
