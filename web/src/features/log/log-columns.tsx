import { LogKind, type LogView, type StatusData } from '@switchboard/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatTime } from '../../lib/format';
import { displayUsageQuota } from './call-quota';
import { DurationTags } from './duration-tags';
import { channelsTried, otherOf } from './log-billing';
import { LogTypeTag } from './log-type-tag';

export interface LogColumnOptions {
  admin: boolean;
  status: StatusData;
  onUserClick: (userId: number) => void;
}

const isCall = (entry: LogView) => entry.type === LogKind.Consumption;

/** Administrator-only columns: channel id, username (opens the user dialog) and the channels retried. */
function adminColumns(t: TFunction, onUserClick: (userId: number) => void) {
  const channel: ColumnsType<LogView>[number] = {
    title: t('columns.channel'),
    key: 'channel',
    width: 60,
    render: (_value, entry) => (entry.channel ? <Tag title={entry.channel_name}>{entry.channel}</Tag> : null),
  };
  const username: ColumnsType<LogView>[number] = {
    title: t('columns.username'),
    key: 'username',
    width: 100,
    ellipsis: true,
    render: (_value, entry) => (
      <Button type="link" size="small" onClick={() => onUserClick(entry.user_id)} data-testid="log-username">
        {entry.username}
      </Button>
    ),
  };
  const retry: ColumnsType<LogView>[number] = {
    title: t('columns.retry'),
    key: 'retry',
    width: 80,
    render: (_value, entry) => {
      const tried = channelsTried(otherOf(entry));
      return tried.length > 1 ? (
        <Typography.Text data-testid="log-retry">{t('retry.chain', { chain: tried.join(' → ') })}</Typography.Text>
      ) : null;
    },
  };
  return { channel, username, retry };
}

/** Time, (admin columns), token, group, type, model, durations, prompt / completion tokens, quota and the note (spec 001 Usage log page). */
export function logColumns(t: TFunction, options: LogColumnOptions): ColumnsType<LogView> {
  const admin = adminColumns(t, options.onUserClick);
  return [
    { title: t('columns.time'), key: 'time', width: 150, render: (_value, entry) => formatTime(entry.created_at) },
    ...(options.admin ? [admin.channel, admin.username] : []),
    {
      title: t('columns.token'),
      key: 'token',
      width: 110,
      ellipsis: true,
      render: (_value, entry) => (entry.token_name ? <Tag>{entry.token_name}</Tag> : null),
    },
    {
      title: t('columns.group'),
      key: 'group',
      width: 90,
      ellipsis: true,
      render: (_value, entry) => (entry.group ? <Tag color="blue">{entry.group}</Tag> : null),
    },
    { title: t('columns.type'), key: 'type', width: 72, render: (_value, entry) => <LogTypeTag type={entry.type} /> },
    {
      title: t('columns.model'),
      key: 'model',
      width: 124,
      ellipsis: true,
      render: (_value, entry) => (entry.model_name ? <Tag color="geekblue">{entry.model_name}</Tag> : null),
    },
    {
      title: t('columns.duration'),
      key: 'duration',
      width: 96,
      render: (_value, entry) =>
        isCall(entry) ? (
          <DurationTags useTime={entry.use_time} firstTokenMs={otherOf(entry).frt} isStream={entry.is_stream} />
        ) : null,
    },
    {
      title: t('columns.tokens'),
      key: 'tokens',
      width: 92,
      render: (_value, entry) =>
        isCall(entry) ? (
          <span
            title={t('detail.tokenCounts', { prompt: entry.prompt_tokens, completion: entry.completion_tokens })}
            data-testid="log-tokens"
          >
            {entry.prompt_tokens} / {entry.completion_tokens}
          </span>
        ) : null,
    },
    {
      title: t('columns.quota'),
      key: 'quota',
      width: 90,
      render: (_value, entry) =>
        entry.quota ? <span data-testid="log-quota">{displayUsageQuota(entry.quota, options.status)}</span> : null,
    },
    ...(options.admin ? [admin.retry] : []),
    {
      title: t('columns.content'),
      key: 'content',
      width: 140,
      ellipsis: true,
      render: (_value, entry) => entry.content,
    },
  ];
}
