import { Card, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame';
import type { TaskListQuery } from '../../api/resources/task';
import { TaskFilters } from './task-filters';
import { useTaskList, type TaskListFetcher } from './task-list';

interface TaskListScreenProps<Item> {
  listKey: 'midjourney' | 'task';
  title: string;
  summary: string;
  idLabel: string;
  admin: boolean;
  initialQuery: () => TaskListQuery;
  fetcher: TaskListFetcher<Item>;
  columns: ColumnsType<Item>;
  tableTestId: string;
  /** the dialogs the table's cells open */
  children?: ReactNode;
}

/** The frame /midjourney and /task share: the filter bar over a server-paged table, then the screen's dialogs. */
export function TaskListScreen<Item extends { id: number }>(props: TaskListScreenProps<Item>) {
  const { query, search, list, pagination } = useTaskList(
    props.listKey,
    props.admin,
    props.initialQuery,
    props.fetcher,
  );
  return (
    <PageFrame title={props.title} summary={props.summary}>
      <Card variant="borderless">
        <Flex vertical gap={16}>
          <TaskFilters
            admin={props.admin}
            idLabel={props.idLabel}
            query={query}
            searching={list.isFetching}
            onSearch={search}
          />
          <Table<Item>
            rowKey="id"
            size="middle"
            columns={props.columns}
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
