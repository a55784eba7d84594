import { NEVER_EXPIRES, type TokenView } from '@switchboard/contract';
import { Tag } from 'antd';
import { actionsColumn, type EditableListColumns } from '../../components/list-columns';
import { formatTime, displayQuota } from '../../lib/format';
import { TokenRowActions } from './token-row-actions';
import { TokenStatusTag } from './token-status-tag';

/** Name, status, group, used, remaining, created, expiry and the row actions (spec 001 Token page). */
export const tokenColumns: EditableListColumns<TokenView> = (t, status, onEdit) => [
  { title: t('columns.name'), dataIndex: 'name', key: 'name', width: 180, ellipsis: true },
  {
    title: t('columns.status'),
    key: 'status',
    width: 130,
    render: (_value, token) => <TokenStatusTag status={token.status} modelLimitsEnabled={token.model_limits_enabled} />,
  },
  {
    title: t('columns.group'),
    key: 'group',
    width: 110,
    render: (_value, token) =>
      token.group === '' ? <Tag>{t('values.userGroup')}</Tag> : <Tag color="blue">{token.group}</Tag>,
  },
  {
    title: t('columns.used'),
    key: 'used',
    width: 100,
    render: (_value, token) => displayQuota(token.used_quota, status),
  },
  {
    title: t('columns.remaining'),
    key: 'remaining',
    width: 110,
    render: (_value, token) =>
      token.unlimited_quota ? (
        <Tag color="purple">{t('values.unlimited')}</Tag>
      ) : (
        displayQuota(token.remain_quota, status)
      ),
  },
  {
    title: t('columns.created'),
    key: 'created',
    width: 170,
    render: (_value, token) => formatTime(token.created_time),
  },
  {
    title: t('columns.expiry'),
    key: 'expiry',
    width: 170,
    render: (_value, token) =>
      token.expired_time === NEVER_EXPIRES ? t('values.never') : formatTime(token.expired_time),
  },
  actionsColumn(t('columns.actions'), (token) => <TokenRowActions token={token} onEdit={onEdit} />, 120),
];
