import type { LogView, StatusData } from '@switchboard/contract';
import { Descriptions } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { displayCallQuota } from './call-quota';
import { billingOf, channelsTried, otherOf, type Billing } from './log-billing';

const number = (value: number) => String(Number(value.toFixed(6)));

/** The pricing line and the formula with its result, in the reader's language. */
function pricing(
  t: TFunction,
  entry: LogView,
  billing: Billing,
  quotaPerUnit: number,
): { prices: string; formula: string } | null {
  if (billing.mode === 'ratio') {
    const prices = t('detail.ratios', {
      model: number(billing.modelRatio),
      completion: number(billing.completionRatio),
      group: number(billing.groupRatio),
    });
    const formula = t('detail.ratioFormula', {
      prompt: entry.prompt_tokens,
      completion: entry.completion_tokens,
      completionRatio: number(billing.completionRatio),
      modelRatio: number(billing.modelRatio),
      groupRatio: number(billing.groupRatio),
      result: number(billing.result),
    });
    return { prices, formula };
  }
  if (billing.mode === 'price') {
    const prices = t('detail.price', { price: number(billing.modelPrice), group: number(billing.groupRatio) });
    const formula = t('detail.priceFormula', {
      price: number(billing.modelPrice),
      unit: quotaPerUnit,
      groupRatio: number(billing.groupRatio),
      result: number(billing.result),
    });
    return { prices, formula };
  }
  return null;
}

/** A row's billing detail: prices, tokens, the formula's result, first-token time, mapped model, channels tried. */
export function LogDetail({ entry, status }: { entry: LogView; status: StatusData }) {
  const { t } = useTranslation('log');
  const other = otherOf(entry);
  const priced = pricing(t, entry, billingOf(entry, other, status.quota_per_unit), status.quota_per_unit);
  const tried = channelsTried(other);
  const items = [
    priced && { key: 'prices', label: t('detail.prices'), children: priced.prices },
    {
      key: 'tokens',
      label: t('detail.tokens'),
      children: t('detail.tokenCounts', { prompt: entry.prompt_tokens, completion: entry.completion_tokens }),
    },
    priced && { key: 'formula', label: t('detail.formula'), children: priced.formula },
    { key: 'quota', label: t('detail.charged'), children: displayCallQuota(entry.quota, status) },
    other.frt !== undefined &&
      other.frt > 0 && {
        key: 'frt',
        label: t('detail.firstToken'),
        children: t('detail.milliseconds', { value: other.frt }),
      },
    other.is_model_mapped && {
      key: 'mapped',
      label: t('detail.mapped'),
      children: t('detail.mappedValue', { requested: entry.model_name, upstream: other.upstream_model_name ?? '' }),
    },
    other.unpriced_model && {
      key: 'unpriced',
      label: t('detail.unpriced'),
      children: t(`detail.unpriced_${other.unpriced_model}`),
    },
    other.reasoning_effort && { key: 'reasoning', label: t('detail.reasoning'), children: other.reasoning_effort },
    tried.length > 0 && { key: 'channels', label: t('detail.channels'), children: tried.join(' → ') },
    entry.request_id && { key: 'request', label: t('detail.requestId'), children: entry.request_id },
    entry.content && { key: 'content', label: t('detail.content'), children: entry.content },
  ].filter((item) => Boolean(item)) as Array<{ key: string; label: string; children: string }>;
  return <Descriptions size="small" column={1} bordered items={items} data-testid="log-detail" />;
}
