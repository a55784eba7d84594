import {
  CHANNEL_PRIORITY_MINIMUM,
  CHANNEL_WEIGHT_MINIMUM,
  channelTypeName,
  splitCommaList,
  type ChannelView,
  type StatusData,
} from '@switchboard/contract';
import { Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { actionsColumn } from '../../components/list-columns';
import { ChannelRowActions } from './channel-row-actions';
import { ChannelStatusTag } from './channel-status-tag';
import { isTagRecord, type TableRecord } from './channel-table-records';
import { InlineNumber } from './inline-number';
import { ResponseTimeTag } from './response-time-tag';
import { TagRowActions } from './tag-row-actions';
import { displayQuota, formatTime } from '../../lib/format';

export interface ChannelColumnHandlers {
  onEdit: (channel: ChannelView) => void;
  onEditTag: (tag: string) => void;
  /** Saves an inline priority or weight, on a channel row or on a whole tag. */
  onNumber: (record: TableRecord, field: 'priority' | 'weight', value: number) => void;
  onUpdateBalance: (channel: ChannelView) => void;
}

const groupTags = (groups: string[]) => (
  <Space size={2} wrap>
    {groups.map((group) => (
      <Tag key={group}>{group}</Tag>
    ))}
  </Space>
);

/** A steady colour per channel type, so a list of mixed providers reads at a glance. */
const TYPE_COLOURS = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'geekblue', 'volcano', 'lime'];
export const typeColour = (type: number) => TYPE_COLOURS[Math.abs(type) % TYPE_COLOURS.length];

/** Column keys a person can never hide from the channel list. */
export const CHANNEL_KEPT_COLUMNS = ['name', 'status', 'actions'];

/** Columns of the channel list: status, response time, balance, used quota, priority and weight among them. */
export function channelColumns(
  t: TFunction,
  status: StatusData,
  handlers: ChannelColumnHandlers,
): ColumnsType<TableRecord> {
  const quota = (value: number) => displayQuota(value, status);
  const numberCell = (field: 'priority' | 'weight', minimum: number) => (_value: unknown, record: TableRecord) => (
    <InlineNumber
      value={isTagRecord(record) ? record[field] : record.channel[field]}
      min={minimum}
      invalidMessage={t(field === 'priority' ? 'validation.priorityInvalid' : 'validation.weightInvalid')}
      onCommit={(value) => handlers.onNumber(record, field, value)}
      testId={`channel-${field}`}
    />
  );
  return [
    {
      title: t('columns.id'),
      key: 'id',
      width: 56,
      render: (_value, record) =>
        isTagRecord(record) ? <Tag color="purple">{t('values.tag')}</Tag> : record.channel.id,
    },
    {
      title: t('columns.name'),
      key: 'name',
      width: 170,
      render: (_value, record) =>
        isTagRecord(record) ? (
          <Typography.Text strong>{record.tag}</Typography.Text>
        ) : (
          <Tooltip title={record.channel.remark || undefined}>
            <span data-testid="channel-name">{record.channel.name}</span>
          </Tooltip>
        ),
    },
    {
      title: t('columns.tag'),
      key: 'tag',
      width: 90,
      render: (_value, record) =>
        isTagRecord(record) || !record.channel.tag ? null : <Tag data-testid="channel-tag">{record.channel.tag}</Tag>,
    },
    {
      title: t('columns.group'),
      key: 'group',
      width: 100,
      render: (_value, record) => groupTags(isTagRecord(record) ? record.groups : splitCommaList(record.channel.group)),
    },
    {
      title: t('columns.type'),
      key: 'type',
      width: 130,
      render: (_value, record) => {
        if (isTagRecord(record)) return null;
        const count = splitCommaList(record.channel.models).length;
        return (
          <Space size={2} wrap>
            <Tag color={typeColour(record.channel.type)} data-testid="channel-type-tag">
              {t(`types.${record.channel.type}`, { defaultValue: channelTypeName(record.channel.type) })}
            </Tag>
            <Tooltip title={record.channel.models.split(',').join(', ')}>
              <Typography.Text type="secondary" data-testid="channel-model-count">
                {t('values.modelCount', { count })}
              </Typography.Text>
            </Tooltip>
          </Space>
        );
      },
    },
    {
      title: t('columns.status'),
      key: 'status',
      width: 84,
      render: (_value, record) =>
        isTagRecord(record) ? (
          <Tag>{t('values.enabledCount', { enabled: record.enabledCount, total: record.children.length })}</Tag>
        ) : (
          <ChannelStatusTag status={record.channel.status} otherInfo={record.channel.other_info} />
        ),
    },
    {
      title: t('columns.responseTime'),
      key: 'responseTime',
      width: 84,
      render: (_value, record) =>
        isTagRecord(record) ? null : (
          <ResponseTimeTag milliseconds={record.channel.response_time} channelId={record.channel.id} />
        ),
    },
    {
      // Used and balance share a column, as the reference does, so that the whole list fits a laptop.
      title: t('columns.usedAndBalance'),
      key: 'balance',
      width: 104,
      render: (_value, record) => {
        const used = (
          <span data-testid="channel-used">
            {quota(isTagRecord(record) ? record.usedQuota : record.channel.used_quota)}
          </span>
        );
        if (isTagRecord(record)) return used;
        const channel = record.channel;
        const updated = channel.balance_updated_time ? formatTime(channel.balance_updated_time) : t('values.never');
        return (
          <Flex vertical gap={2} align="flex-start">
            {used}
            <Tooltip title={t('values.balanceHint', { time: updated })}>
              <Tag
                style={{ cursor: 'pointer' }}
                onClick={() => handlers.onUpdateBalance(channel)}
                data-testid="channel-balance"
              >
                ${channel.balance.toFixed(2)}
              </Tag>
            </Tooltip>
          </Flex>
        );
      },
    },
    {
      title: t('columns.priority'),
      key: 'priority',
      width: 100,
      render: numberCell('priority', CHANNEL_PRIORITY_MINIMUM),
    },
    { title: t('columns.weight'), key: 'weight', width: 100, render: numberCell('weight', CHANNEL_WEIGHT_MINIMUM) },
    actionsColumn(
      t('columns.actions'),
      (record) =>
        isTagRecord(record) ? (
          <TagRowActions tag={record.tag} onEdit={handlers.onEditTag} />
        ) : (
          <ChannelRowActions channel={record.channel} onEdit={handlers.onEdit} />
        ),
      116,
    ),
  ];
}
