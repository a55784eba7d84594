import type { TopUpView } from '@switchboard/contract';
import { Card, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { ListSearchBar, useSearchedList } from '../../components/list-search';
import { topUpOrderColumns } from './top-up-order-columns';
import { fetchTopUpOrders, TOP_UP_ORDERS_QUERY_KEY } from '../../api/resources/topup';

/** Admins: the online top-up orders, searchable by trade number, with manual completion of pending ones. */
export function TopUpOrdersCard() {
  const { t } = useTranslation('topup');
  const status = useStatus();
  const orders = useSearchedList(TOP_UP_ORDERS_QUERY_KEY, fetchTopUpOrders, { keyword: '' });
  const columns = useMemo(() => topUpOrderColumns(t, status), [t, status]);

  return (
    <Card title={t('orders.title')} data-testid="top-up-orders">
      <ListSearchBar
        list={orders}
        inputs={[
          {
            field: 'keyword',
            maxWidth: 320,
            placeholder: t('orders.searchPlaceholder'),
            testId: 'top-up-orders-keyword',
          },
        ]}
        submitText={t('orders.search')}
        testId="top-up-orders-search"
      />
      <Table<TopUpView> columns={columns} {...orders.tableProps()} data-testid="top-up-orders-table" />
    </Card>
  );
}
