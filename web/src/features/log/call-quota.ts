import { formatQuota, QUOTA_PER_UNIT, type StatusData } from '@switchboard/contract';

type QuotaDisplay = Pick<StatusData, 'display_in_currency' | 'quota_per_unit'>;

const dollarsOf = (quota: number, status: QuotaDisplay) => quota / (status.quota_per_unit > 0 ? status.quota_per_unit : QUOTA_PER_UNIT);

/** One call costs fractions of a cent: entries show six decimals where balances show two. */
export function displayCallQuota(quota: number, status: QuotaDisplay): string {
  return formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit, digits: 6 });
}

/** A sum of calls: two decimals from one dollar up, six below, so that small usage does not read as $0.00. */
export function displayUsageQuota(quota: number, status: QuotaDisplay): string {
  const small = quota !== 0 && Math.abs(dollarsOf(quota, status)) < 1;
  return formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit, digits: small ? 6 : 2 });
}
