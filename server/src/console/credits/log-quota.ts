import { formatQuota } from '@switchboard/contract';
import type { AppContext } from '../../app-context';

/**
 * A quota amount as the reference product writes it into a log's text (its `LogQuota`): `＄1.000000 额度`,
 * or `500000 点额度` when quota is not shown in currency. Every log text that names an amount uses this.
 */
export function logQuota(context: AppContext, quota: number): string {
  const { options } = context;
  if (!options.boolean('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
  const shown = formatQuota(quota, { inCurrency: true, quotaPerUnit: options.number('QuotaPerUnit'), digits: 6 });
  return `${shown.replace('$', '＄')} 额度`;
}
