import type { PageData } from '@switchboard/contract';
import { Card, type TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DataList, type DataListProps } from './data-list';
import { ListSearchBar, type ListSearchBarProps, type Texts } from './list-search';
import type { LoadingQuery } from './load-state';

interface SearchedListCardProps<Row extends object, Draft extends Texts> {
  /** the feature's `t`: `search.submit` labels the search button, `total` counts the rows */
  t: TFunction;
  /** a `useSearchedList` */
  list: ListSearchBarProps<Draft>['list'] & {
    query: LoadingQuery & { data?: PageData<Row> };
    pagination: (total: number, extra: TablePaginationConfig) => TablePaginationConfig;
  };
  inputs: ListSearchBarProps<Draft>['inputs'];
  /** other filters, after the texts */
  filters?: ReactNode;
  /** the table's own columns and looks */
  table: Omit<DataListProps<Row>, 'rowKey' | 'dataSource' | 'query' | 'pagination'>;
  /** test ids are `<prefix>-search` (the button) and `<prefix>-table` */
  testIdPrefix: string;
}

/** A list page's card: the filter bar over the server-paged table of rows keyed by id, their count below. */
export function SearchedListCard<Row extends object, Draft extends Texts>({
  t,
  list,
  inputs,
  filters,
  table,
  testIdPrefix,
}: SearchedListCardProps<Row, Draft>) {
  const { query } = list;
  return (
    <Card variant="borderless">
      <ListSearchBar list={list} inputs={inputs} submitText={t('search.submit')} testId={`${testIdPrefix}-search`}>
        {filters}
      </ListSearchBar>
      <DataList<Row>
        {...table}
        rowKey="id"
        dataSource={query.data?.items ?? []}
        query={query}
        pagination={list.pagination(query.data?.total ?? 0, { showTotal: (total) => t('total', { count: total }) })}
        data-testid={`${testIdPrefix}-table`}
      />
    </Card>
  );
}
