import { formatQuota, QUOTA_PER_UNIT, type StatusData } from '@switchboard/contract';

type QuotaDisplay = Pick<StatusData, 'display_in_currency' | 'quota_per_unit'>;

const dollarsOf = (quota: number, status: QuotaDisplay) =>
  quota / (status.quota_per_unit > 0 ? status.quota_per_unit : QUOTA_PER_UNIT);

/** One call costs fractions of a cent: a log entry's billing detail shows it exactly, to six decimals. */
export function displayCallQuota(quota: number, status: QuotaDisplay): string {
  return formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit, digits: 6 });
}

/** The smallest amount shown with four decimals; anything above zero below it reads "<$0.0001". */
const SMALLEST_SHOWN = 0.0001;

/**
 * An amount in a list, a summary or the dashboard: two decimals from one dollar up, four below, so that
 * small usage does not read as $0.00 and no amount reads as `$0.192140`.
 */
export function displayUsageQuota(quota: number, status: QuotaDisplay): string {
  const dollars = Math.abs(dollarsOf(quota, status));
  if (status.display_in_currency && quota !== 0 && dollars < SMALLEST_SHOWN)
    return `${quota < 0 ? '-' : ''}<$${SMALLEST_SHOWN}`;
  const small = quota !== 0 && dollars < 1;
  return formatQuota(quota, {
    inCurrency: status.display_in_currency,
    quotaPerUnit: status.quota_per_unit,
    digits: small ? 4 : 2,
  });
}
