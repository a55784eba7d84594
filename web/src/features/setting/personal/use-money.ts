import { formatQuota } from '@switchboard/contract';
import { useStatus } from '../../../api/resources/status';

/** Formats quota the way the administrator chose to display it (currency or raw quota). */
export function useMoney(): (quota: number) => string {
  const status = useStatus();
  return (quota) => formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
}
