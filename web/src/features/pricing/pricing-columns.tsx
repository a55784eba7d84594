import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { QuotaType, type PricingItem } from '@switchboard/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatUsd } from '../../lib/format';
import { priceOfItem, ratioColor } from './pricing-display';

function PriceCell({ item, groupRatio, t }: { item: PricingItem; groupRatio: number; t: TFunction }) {
  const price = priceOfItem(item, groupRatio);
  if (price.kind === 'unpriced') return <Typography.Text type="secondary">{t('unpriced')}</Typography.Text>;
  if (price.kind === 'call')
    return <span data-testid={`price-${item.model_name}`}>{t('perCall', { price: formatUsd(price.perCall) })}</span>;
  return (
    <Flex vertical data-testid={`price-${item.model_name}`}>
      <span>{t('promptPrice', { price: formatUsd(price.prompt) })}</span>
      <span>{t('completionPrice', { price: formatUsd(price.completion) })}</span>
    </Flex>
  );
}

function RatioTags({ item, groupRatio, t }: { item: PricingItem; groupRatio: number; t: TFunction }) {
  const group = <Tag color={ratioColor(groupRatio)}>{t('groupRatio', { ratio: groupRatio })}</Tag>;
  if (item.unpriced) return group;
  if (item.quota_type === QuotaType.PerCall) return group;
  return (
    <Flex gap={4} wrap>
      <Tag color={ratioColor(item.model_ratio)}>{t('modelRatio', { ratio: item.model_ratio })}</Tag>
      <Tag color={ratioColor(item.completion_ratio)}>{t('completionRatio', { ratio: item.completion_ratio })}</Tag>
      {group}
    </Flex>
  );
}

function billingTag(item: PricingItem, t: TFunction) {
  if (item.unpriced) return <Tag>{t('billing.unpriced')}</Tag>;
  return item.quota_type === QuotaType.PerCall ? (
    <Tag color="purple">{t('billing.perCall')}</Tag>
  ) : (
    <Tag color="cyan">{t('billing.byTokens')}</Tag>
  );
}

/** The pricing table's columns for the chosen group and its ratio. */
export function pricingColumns(t: TFunction, group: string, groupRatio: number): ColumnsType<PricingItem> {
  return [
    {
      title: t('columns.available'),
      key: 'available',
      width: 90,
      render: (_value, item) =>
        item.enable_groups.includes(group) ? (
          <Tooltip title={t('available', { group })}>
            <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('available', { group })} />
          </Tooltip>
        ) : (
          <Tooltip title={t('unavailable', { group })}>
            <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label={t('unavailable', { group })} />
          </Tooltip>
        ),
    },
    {
      title: t('columns.model'),
      dataIndex: 'model_name',
      sorter: (left, right) => left.model_name.localeCompare(right.model_name),
      render: (name: string) => <Typography.Text copyable>{name}</Typography.Text>,
    },
    { title: t('columns.billing'), key: 'billing', render: (_value, item) => billingTag(item, t) },
    {
      title: t('columns.groups'),
      dataIndex: 'enable_groups',
      render: (groups: string[]) => (
        <Flex gap={4} wrap>
          {groups.map((name) => (
            <Tag key={name}>{name}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('columns.ratios'),
      key: 'ratios',
      render: (_value, item) => <RatioTags item={item} groupRatio={groupRatio} t={t} />,
    },
    {
      title: t('columns.price'),
      key: 'price',
      render: (_value, item) => <PriceCell item={item} groupRatio={groupRatio} t={t} />,
    },
  ];
}
