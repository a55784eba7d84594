import type { ChannelView } from '@switchboard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChannelStatus } from '@switchboard/contract';
import { Card } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate, useParams } from 'react-router';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { DataList } from '../../components/data-list';
import { PageFrame } from '../../components/page-frame';
import { BatchActions } from './batch-actions';
import {
  CHANNELS_QUERY_KEY,
  deleteDisabledChannels,
  editTag,
  fetchChannels,
  updateAllBalances,
  updateBalance,
  updateChannel,
  testAllChannels,
} from '../../api/resources/channel';
import { useGroups } from '../../api/resources/group';
import { CHANNEL_KEPT_COLUMNS, channelColumns } from './channel-columns';
import { ChannelEditorDrawer } from './channel-editor-drawer';
import { isTagRecord, selectedChannelIds, tableRecordsOf, type TableRecord } from './channel-table-records';
import { ChannelToolbar } from './channel-toolbar';
import { ModelUpdateActions } from './model-update-actions';
import { TagEditDialog } from './tag-edit-dialog';
import { useChannelListControls } from './use-channel-list-controls';
import { useChannelMutation } from './use-channel-mutation';

/** The editor the route asks for: /channel/add, /channel/edit/{id}, or none on /channel. */
function useRouteEditor(): { open: boolean; id: number | null } {
  const adding = useMatch('/channel/add');
  const { id } = useParams();
  if (adding) return { open: true, id: null };
  if (id !== undefined && /^\d+$/.test(id)) return { open: true, id: Number(id) };
  return { open: false, id: null };
}

/** /channel (and the editor routes over it): the channel list, admin (spec 001 "Channel list"). */
export default function ChannelListPage() {
  const { t } = useTranslation('channel');
  const status = useStatus();
  const navigate = useNavigate();
  const routeEditor = useRouteEditor();
  const { page, pageSize, pagination, filter, idSort, tagMode, batchMode, selectedKeys, setSelectedKeys, toolbar } =
    useChannelListControls();
  const [editor, setEditor] = useState(routeEditor);
  useEffect(() => {
    if (routeEditor.open) setEditor({ open: true, id: routeEditor.id });
  }, [routeEditor.open, routeEditor.id]);
  const [editingTag, setEditingTag] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [...CHANNELS_QUERY_KEY, 'list', page, pageSize, idSort, tagMode, filter],
    queryFn: () => fetchChannels({ page, pageSize, idSort, tagMode, filter }),
    placeholderData: keepPreviousData,
  });
  const groups = useGroups();
  const groupOptions = useMemo(() => {
    const seen = new Set(groups);
    seen.add('default');
    for (const item of list.data?.items ?? []) for (const group of item.group.split(',')) if (group) seen.add(group);
    return [...seen];
  }, [groups, list.data]);

  const saveNumber = useChannelMutation(
    async ({ record, field, value }: { record: TableRecord; field: 'priority' | 'weight'; value: number }) => {
      if (isTagRecord(record)) await editTag({ tag: record.tag, [field]: value });
      else await updateChannel({ id: record.channel.id, [field]: value });
    },
    () => t('messages.saved'),
  );
  const balance = useChannelMutation(
    (channel: ChannelView) => updateBalance(channel.id),
    (value, channel) => t('messages.balanceUpdated', { name: channel.name, balance: value.toFixed(2) }),
  );
  const balances = useChannelMutation(updateAllBalances, (summary) =>
    t('messages.allBalancesUpdated', { updated: summary.updated, failed: summary.failed }),
  );
  const testAll = useChannelMutation(testAllChannels, (message) => message);
  const deleteDisabled = useChannelMutation(deleteDisabledChannels, (count) =>
    t('messages.disabledDeleted', { count }),
  );

  const openEditor = (id: number | null) => setEditor({ open: true, id });
  const closeEditor = () => {
    setEditor({ open: false, id: null });
    if (routeEditor.open) void navigate('/channel', { replace: true });
  };
  const columns = channelColumns(t, status, {
    onEdit: (channel) => openEditor(channel.id),
    onEditTag: setEditingTag,
    onNumber: (record, field, value) => saveNumber.mutate({ record, field, value }),
    onUpdateBalance: (channel) => {
      toast.info(t('messages.balanceUpdating', { name: channel.name }));
      balance.mutate(channel);
    },
  });

  const records = useMemo(() => tableRecordsOf(list.data?.items ?? [], tagMode), [list.data, tagMode]);

  return (
    <PageFrame title={t('list.title')} summary={t('list.summary')} extra={<ModelUpdateActions />}>
      <Card variant="borderless">
        <ChannelToolbar
          {...toolbar}
          searching={list.isFetching}
          groupOptions={groupOptions}
          onAdd={() => openEditor(null)}
          onTestAll={() => testAll.mutate(undefined)}
          onUpdateAllBalances={() => balances.mutate(undefined)}
          onDeleteDisabled={() => deleteDisabled.mutateAsync(undefined)}
          onRefresh={() => void list.refetch()}
          busy={{ testAll: testAll.isPending, balances: balances.isPending }}
        />
        {batchMode ? (
          <BatchActions selectedIds={selectedChannelIds(selectedKeys)} onDone={() => setSelectedKeys([])} />
        ) : null}
        <DataList<TableRecord>
          rowKey="key"
          size="middle"
          columns={columns}
          dataSource={records}
          query={list}
          chooser={{ table: 'channel', keep: CHANNEL_KEPT_COLUMNS }}
          rowClassName={(record) =>
            !isTagRecord(record) && record.channel.status !== ChannelStatus.Enabled ? 'row-disabled' : ''
          }
          scroll={{ x: 'max-content' }}
          expandable={{ defaultExpandAllRows: false }}
          rowSelection={
            batchMode ? { selectedRowKeys: selectedKeys, onChange: setSelectedKeys, checkStrictly: false } : undefined
          }
          pagination={pagination(list.data?.total ?? 0, { showTotal: (total) => t('list.total', { total }) })}
          data-testid="channel-table"
        />
      </Card>
      <ChannelEditorDrawer open={editor.open} channelId={editor.id} groupOptions={groupOptions} onClose={closeEditor} />
      <TagEditDialog tag={editingTag} groupOptions={groupOptions} onClose={() => setEditingTag(null)} />
    </PageFrame>
  );
}
