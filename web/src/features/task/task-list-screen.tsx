import { Card, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { isAdmin } from '@switchboard/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { PageFrame } from '../../components/page-frame';
import type { TaskListQuery } from '../../api/resources/task';
import { TaskFilters } from './task-filters';
import { useTaskList, type TaskListFetcher } from './task-list';

interface TaskListScreenProps<Item> {
  /** the list's query key and its i18n namespace (title, summary, filters.taskId) */
  listKey: 'midjourney' | 'task';
  initialQuery: () => TaskListQuery;
  fetcher: TaskListFetcher<Item>;
  /** the table's columns for an administrator (who also sees the channel) or a common user */
  columns: (admin: boolean) => ColumnsType<Item>;
  tableTestId: string;
  /** the dialogs the table's cells open */
  children?: ReactNode;
}

/** The frame /midjourney and /task share: the filter bar over a server-paged table, then the screen's dialogs;
 * administrators see everyone's tasks. */
export function TaskListScreen<Item extends { id: number }>(props: TaskListScreenProps<Item>) {
  const { t } = useTranslation(props.listKey);
  const admin = isAdmin(useSessionUser()?.role ?? 0);
  const { query, search, list, pagination } = useTaskList(props.listKey, admin, props.initialQuery, props.fetcher);
  const { columns: columnsFor } = props;
  const columns = useMemo(() => columnsFor(admin), [columnsFor, admin]);
  return (
    <PageFrame title={t('title')} summary={t('summary')}>
      <Card variant="borderless">
        <Flex vertical gap={16}>
          <TaskFilters
            admin={admin}
            idLabel={t('filters.taskId')}
            query={query}
            searching={list.isFetching}
            onSearch={search}
          />
          <Table<Item>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.items ?? []}
            loading={list.isLoading}
            scroll={{ x: 'max-content' }}
            pagination={pagination}
            data-testid={props.tableTestId}
          />
        </Flex>
      </Card>
      {props.children}
    </PageFrame>
  );
}
