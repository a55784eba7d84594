import type { TopUsage } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { LoadError, SkeletonRows } from '../../components/load-state';
import { fetchTopUsage, type UsageQuery } from '../../api/resources/usage';

interface TopListsProps {
  admin: boolean;
  query: UsageQuery;
  showQuota: (value: number) => string;
}

function TopTable({
  title,
  path,
  query,
  nameTitle,
  showQuota,
  testId,
}: { title: string; path: string; nameTitle: string; testId: string } & Omit<TopListsProps, 'admin'>) {
  const { t } = useTranslation('detail');
  const window = { start_timestamp: query.start_timestamp, end_timestamp: query.end_timestamp };
  const top = useQuery({ queryKey: ['detail', 'top', path, window], queryFn: () => fetchTopUsage(path, window) });
  const columns: ColumnsType<TopUsage & { rank: number }> = [
    { title: '#', dataIndex: 'rank', key: 'rank', width: 48 },
    { title: nameTitle, key: 'name', ellipsis: true, render: (_value, row) => row.name || t('top.noToken') },
    { title: t('top.quota'), key: 'quota', align: 'right', render: (_value, row) => showQuota(row.quota) },
    { title: t('top.count'), dataIndex: 'count', key: 'count', align: 'right', width: 90 },
  ];
  const body = top.isError ? (
    <LoadError error={top.error} onRetry={top.refetch} retrying={top.isFetching} compact />
  ) : top.isLoading ? (
    <SkeletonRows rows={4} />
  ) : (
    <Table
      size="small"
      rowKey="rank"
      pagination={false}
      columns={columns}
      dataSource={(top.data ?? []).map((row, index) => ({ ...row, rank: index + 1 }))}
      data-testid={testId}
    />
  );
  return (
    <Card title={title} variant="borderless" style={{ height: '100%' }}>
      {body}
    </Card>
  );
}

/** The tokens that cost most in the range (one's own), and for administrators the users who consumed most. */
export function TopLists({ admin, query, showQuota }: TopListsProps) {
  const { t } = useTranslation('detail');
  const tables = [
    {
      title: t('top.tokens'),
      nameTitle: t('top.token'),
      path: '/api/data/self/top_tokens',
      testId: 'detail-top-tokens',
    },
    ...(admin
      ? [{ title: t('top.users'), nameTitle: t('top.user'), path: '/api/data/top_users', testId: 'detail-top-users' }]
      : []),
  ];
  return (
    <Row gutter={[16, 16]}>
      {tables.map((table) => (
        <Col key={table.testId} xs={24} lg={admin ? 12 : 24}>
          <TopTable {...table} query={query} showQuota={showQuota} />
        </Col>
      ))}
    </Row>
  );
}
