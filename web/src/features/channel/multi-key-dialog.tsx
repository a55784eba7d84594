import { KeyStatus, type ChannelView, type MultiKeyStatusRow } from '@switchboard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Statistic, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { CHANNELS_QUERY_KEY } from '../../api/resources/channel';
import { fetchKeyStatus, manageKeys } from '../../api/resources/channel';
import { formatTime } from '../../lib/format';
import { ViewDialog } from '../../components/view-dialog';

interface MultiKeyDialogProps {
  /** The multi-key channel to manage; null closes the dialog. */
  channel: ChannelView | null;
  onClose: () => void;
}

const PAGE_SIZE = 10;

const statusColor: Record<number, string> = {
  [KeyStatus.Enabled]: 'green',
  [KeyStatus.ManuallyDisabled]: 'default',
  [KeyStatus.AutoDisabled]: 'red',
};

/**
 * "Multi-key management" (issue 37): counts, a status filter, a paged table of the keys (index,
 * preview, status, reason, time) with per-key enable, disable and delete, and enable all, disable
 * all and delete auto-disabled, each confirmed.
 */
export function MultiKeyDialog({ channel, onClose }: MultiKeyDialogProps) {
  const { t } = useTranslation('multikey');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number | null>(null);
  const channelId = channel?.id ?? 0;
  const statusKey = [...CHANNELS_QUERY_KEY, 'keys', channelId, page, status] as const;
  const keys = useQuery({
    queryKey: statusKey,
    queryFn: () => fetchKeyStatus(channelId, { page, pageSize: PAGE_SIZE, status }),
    enabled: channel !== null,
  });
  const act = useMutation({
    mutationFn: ({ action, index }: { action: Parameters<typeof manageKeys>[1]; index?: number }) =>
      manageKeys(channelId, action, index),
    onSuccess: async (message) => {
      toast.success(message);
      await client.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
    },
  });
  const data = keys.data;
  const statusLabel = (value: number) => t(`status.${value}`);

  const columns: ColumnsType<MultiKeyStatusRow> = [
    { title: t('columns.index'), dataIndex: 'index', width: 70 },
    { title: t('columns.key'), dataIndex: 'key_preview', render: (preview: string) => <code>{preview}</code> },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 130,
      render: (value: number) => <Tag color={statusColor[value]}>{statusLabel(value)}</Tag>,
    },
    { title: t('columns.reason'), dataIndex: 'reason', ellipsis: true, render: (reason?: string) => reason ?? '-' },
    {
      title: t('columns.time'),
      dataIndex: 'disabled_time',
      width: 180,
      render: (time?: number) => (time ? formatTime(time) : '-'),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 170,
      render: (_, row) => {
        const turn = row.status === KeyStatus.Enabled ? 'disable' : 'enable';
        return (
          <Space size={4}>
            <Button
              size="small"
              onClick={() => act.mutate({ action: `${turn}_key`, index: row.index })}
              data-testid={`key-${turn}-${row.index}`}
            >
              {t(`actions.${turn}`)}
            </Button>
            <Popconfirm
              title={t('confirm.deleteKey', { index: row.index })}
              okButtonProps={{ danger: true }}
              onConfirm={() => act.mutateAsync({ action: 'delete_key', index: row.index })}
            >
              <Button size="small" danger data-testid={`key-delete-${row.index}`}>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <ViewDialog open={channel !== null} title={t('title', { name: channel?.name ?? '' })} width={920} onClose={onClose}>
      <Space size={32} style={{ marginBottom: 16 }} data-testid="multi-key-counts">
        <Statistic title={t('counts.enabled')} value={data?.enabled_count ?? 0} />
        <Statistic title={t('counts.manual')} value={data?.manual_disabled_count ?? 0} />
        <Statistic title={t('counts.auto')} value={data?.auto_disabled_count ?? 0} />
      </Space>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Select
          style={{ width: 200 }}
          value={status ?? 0}
          onChange={(value: number) => {
            setStatus(value === 0 ? null : value);
            setPage(1);
          }}
          options={[0, KeyStatus.Enabled, KeyStatus.ManuallyDisabled, KeyStatus.AutoDisabled].map((value) => ({
            value,
            label: value === 0 ? t('filter.all') : statusLabel(value),
          }))}
          data-testid="multi-key-filter"
        />
        <Space wrap>
          <Popconfirm title={t('confirm.enableAll')} onConfirm={() => act.mutateAsync({ action: 'enable_all_keys' })}>
            <Button data-testid="multi-key-enable-all">{t('actions.enableAll')}</Button>
          </Popconfirm>
          <Popconfirm title={t('confirm.disableAll')} onConfirm={() => act.mutateAsync({ action: 'disable_all_keys' })}>
            <Button data-testid="multi-key-disable-all">{t('actions.disableAll')}</Button>
          </Popconfirm>
          <Popconfirm
            title={t('confirm.deleteAuto')}
            okButtonProps={{ danger: true }}
            onConfirm={() => act.mutateAsync({ action: 'delete_disabled_keys' })}
          >
            <Button danger data-testid="multi-key-delete-auto">
              {t('actions.deleteAuto')}
            </Button>
          </Popconfirm>
        </Space>
      </Space>
      <Table<MultiKeyStatusRow>
        rowKey="index"
        size="small"
        loading={keys.isFetching}
        columns={columns}
        dataSource={data?.keys ?? []}
        pagination={{
          current: data?.page ?? page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="multi-key-table"
      />
    </ViewDialog>
  );
}
