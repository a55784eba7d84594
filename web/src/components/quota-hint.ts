import { useStatus } from '../api/resources/status';
import { displayDollars } from '../lib/format';

/**
 * A quota field's hint: `text` given the quota in dollars, or nothing while the field is empty.
 * `inDollars` is the bare amount.
 */
export function useQuotaHint() {
  const status = useStatus();
  const inDollars = (quota: number) => displayDollars(quota, status.quota_per_unit);
  const hint = (quota: number | null | undefined, text: (amount: string) => string) =>
    quota === null || quota === undefined ? undefined : text(inDollars(quota));
  return { hint, inDollars };
}
