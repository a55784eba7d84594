import type { TopUpView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../api/resources/status';
import { SearchBar, SearchInput } from '../../components/list-search';
import { useTablePaging } from '../../components/table-paging';
import { topUpOrderColumns } from './top-up-order-columns';
import { fetchTopUpOrders, TOP_UP_ORDERS_QUERY_KEY } from '../../api/resources/topup';

/** Admins: the online top-up orders, searchable by trade number, with manual completion of pending ones. */
export function TopUpOrdersCard() {
  const { t } = useTranslation('topup');
  const status = useStatus();
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [draft, setDraft] = useState({ keyword: '' });
  const [keyword, setKeyword] = useState('');

  const query = useQuery({
    queryKey: [...TOP_UP_ORDERS_QUERY_KEY, page, pageSize, keyword],
    queryFn: () => fetchTopUpOrders({ page, size: pageSize, keyword }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => topUpOrderColumns(t, status), [t, status]);

  const search = () => {
    setPage(1);
    setKeyword(draft.keyword.trim());
  };

  return (
    <Card title={t('orders.title')} data-testid="top-up-orders">
      <SearchBar
        onSearch={search}
        searching={query.isFetching}
        submitText={t('orders.search')}
        testId="top-up-orders-search"
      >
        <SearchInput
          list={{ draft, setDraft, search }}
          field="keyword"
          maxWidth={320}
          placeholder={t('orders.searchPlaceholder')}
          testId="top-up-orders-keyword"
        />
      </SearchBar>
      <Table<TopUpView>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={pagination(query.data?.total ?? 0)}
        data-testid="top-up-orders-table"
      />
    </Card>
  );
}
