import { QUOTA_PER_UNIT, TopUpStatus, formatMoney, type StatusData, type TopUpView } from '@switchboard/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { displayQuota, formatTime } from '../../lib/format';
import { CompleteTopUpButton } from './complete-top-up-button';

const STATUS_COLORS: Record<string, string> = {
  [TopUpStatus.Pending]: 'gold',
  [TopUpStatus.Success]: 'green',
  [TopUpStatus.Failed]: 'red',
  [TopUpStatus.Expired]: 'default',
};

/** A known status or method gets its translated label; anything else shows as the server wrote it. */
const labelOf = (t: TFunction, group: string, value: string) => t(`orders.${group}.${value}`, { defaultValue: value });

/** Trade number, user, quota bought, money paid, method, status, times and the complete action (admin order list). */
export function topUpOrderColumns(t: TFunction, status: StatusData): ColumnsType<TopUpView> {
  return [
    { title: t('orders.columns.tradeNo'), dataIndex: 'trade_no', key: 'trade_no' },
    { title: t('orders.columns.userId'), dataIndex: 'user_id', key: 'user_id' },
    {
      title: t('orders.columns.amount'),
      key: 'amount',
      render: (_value, order) => displayQuota(order.amount * QUOTA_PER_UNIT, status),
    },
    { title: t('orders.columns.money'), key: 'money', render: (_value, order) => formatMoney(order.money) },
    {
      title: t('orders.columns.method'),
      key: 'method',
      render: (_value, order) => labelOf(t, 'method', order.payment_method),
    },
    {
      title: t('orders.columns.status'),
      key: 'status',
      render: (_value, order) => (
        <Tag color={STATUS_COLORS[order.status] ?? 'default'} data-testid="top-up-order-status">
          {labelOf(t, 'status', order.status)}
        </Tag>
      ),
    },
    { title: t('orders.columns.created'), key: 'created', render: (_value, order) => formatTime(order.create_time) },
    {
      title: t('orders.columns.completed'),
      key: 'completed',
      render: (_value, order) => (order.complete_time === 0 ? '-' : formatTime(order.complete_time)),
    },
    {
      title: t('orders.columns.actions'),
      key: 'actions',
      render: (_value, order) =>
        order.status === TopUpStatus.Pending ? <CompleteTopUpButton tradeNo={order.trade_no} /> : null,
    },
  ];
}
