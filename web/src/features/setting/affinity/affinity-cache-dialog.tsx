import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback';
import { clearAffinityCache, fetchAffinityCacheStats } from '../../../api/resources/options';

/** The affinity cache's statistics: entries in all and per rule, capacity and store, with clearing. */
export function AffinityCacheDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('affinity');
  const stats = useQuery({
    queryKey: ['affinity-cache-stats'],
    queryFn: fetchAffinityCacheStats,
    enabled: open,
    staleTime: 0,
  });
  const clear = useMutation({
    mutationFn: clearAffinityCache,
    onSuccess: async (result) => {
      toast.success(t('cache.cleared', { count: result.deleted }));
      await stats.refetch();
    },
  });
  const data = stats.data;
  const rows = Object.entries(data?.by_rule_name ?? {}).map(([ruleName, count]) => ({ ruleName, count }));

  return (
    <Modal open={open} title={t('cache.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="affinity-cache-summary">
        <Descriptions.Item label={t('cache.total')}>
          <span data-testid="affinity-cache-total">{data?.total ?? '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('cache.unknown')}>{data?.unknown ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('cache.capacity')}>{data?.cache_capacity ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('cache.algorithm')}>{data?.cache_algo ?? '-'}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="ruleName"
        size="small"
        pagination={false}
        loading={stats.isFetching}
        dataSource={rows}
        columns={[
          { title: t('cache.rule'), dataIndex: 'ruleName' },
          { title: t('cache.entries'), dataIndex: 'count', width: 100 },
          {
            title: t('cache.actions'),
            key: 'clear',
            width: 120,
            render: (_, row) => (
              <Popconfirm
                title={t('cache.clearRuleConfirm', { name: row.ruleName })}
                onConfirm={() => clear.mutateAsync({ ruleName: row.ruleName })}
              >
                <Button size="small" data-testid={`affinity-cache-clear-${row.ruleName}`}>
                  {t('cache.clearRule')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button onClick={() => void stats.refetch()} data-testid="affinity-cache-refresh">
          {t('cache.refresh')}
        </Button>
        <Popconfirm
          title={t('cache.clearAllConfirm')}
          okButtonProps={{ danger: true }}
          onConfirm={() => clear.mutateAsync({ all: true })}
        >
          <Button danger data-testid="affinity-cache-clear-all">
            {t('cache.clearAll')}
          </Button>
        </Popconfirm>
      </Space>
    </Modal>
  );
}
