import { isAdmin, type LogView } from '@switchboard/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { useStatus } from '../../api/resources/status';
import { DataList } from '../../components/data-list';
import { PageFrame } from '../../components/page-frame';
import { useTablePaging } from '../../components/table-paging';
import { fetchLogs, fetchLogStat, type LogQuery } from '../../api/resources/log';
import { logColumns } from './log-columns';
import { LogDetail } from './log-detail';
import { defaultLogQuery, LogFilters } from './log-filters';
import { LogSummary } from './log-summary';
import { UserInfoDialog } from './user-info-dialog';

/** /log: usage logs (spec 001 "Usage log page"); administrators see everyone's, others their own. */
export default function LogPage() {
  const { t } = useTranslation('log');
  const status = useStatus();
  const admin = isAdmin(useSessionUser()?.role ?? 0);
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [query, setQuery] = useState<LogQuery>(() => defaultLogQuery(Math.floor(Date.now() / 1000)));
  const [userId, setUserId] = useState<number | null>(null);
  const client = useQueryClient();

  const list = useQuery({
    queryKey: ['log', 'list', admin, query, page, pageSize],
    queryFn: () => fetchLogs(query, admin, page, pageSize),
    placeholderData: keepPreviousData,
  });
  const stat = useQuery({ queryKey: ['log', 'stat', admin, query], queryFn: () => fetchLogStat(query, admin) });
  const columns = useMemo(() => logColumns(t, { admin, status, onUserClick: setUserId }), [t, admin, status]);

  const search = (next: LogQuery) => {
    setPage(1);
    setQuery(next);
    // The same filters again still mean "show me what is new".
    void client.invalidateQueries({ queryKey: ['log'] });
  };

  return (
    <PageFrame title={t('title')} summary={t('summary')} extra={<LogSummary stat={stat.data} status={status} />}>
      <Card variant="borderless">
        <Flex vertical gap={16}>
          <LogFilters admin={admin} query={query} searching={list.isFetching} onSearch={search} />
          <DataList<LogView>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.items ?? []}
            query={list}
            headingKeys={['time', 'type', 'model']}
            // An administrator's log has three more columns: group and the note start hidden (the chooser shows them;
            // the note is also in the row's expanded detail).
            chooser={{
              table: admin ? 'log-admin' : 'log',
              keep: ['time', 'type', 'quota'],
              defaultHidden: admin ? ['group', 'content'] : [],
            }}
            tableLayout="fixed"
            scroll={{ x: 'max-content' }}
            expandable={{ expandedRowRender: (entry) => <LogDetail entry={entry} status={status} /> }}
            pagination={pagination(list.data?.total ?? 0, { showTotal: (total) => t('total', { count: total }) })}
            data-testid="log-table"
          />
        </Flex>
      </Card>
      <UserInfoDialog userId={userId} status={status} onClose={() => setUserId(null)} />
    </PageFrame>
  );
}
