import type { StatusData, UserView } from '@switchboard/contract';
import { Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { displayQuota } from '../../lib/format';
import { UserRowActions } from './user-row-actions';
import { UserRoleTag, UserStatusTag } from './user-tags';

/** Spec 000 "User management page": id, username, group, stats, invite info, role, status, actions. */
export function userColumns(t: TFunction, status: StatusData, onEdit: (user: UserView) => void): ColumnsType<UserView> {
  const money = (quota: number) => displayQuota(quota, status);
  return [
    { title: t('columns.id'), dataIndex: 'id', key: 'id' },
    {
      title: t('columns.username'),
      key: 'username',
      render: (_value, user) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text data-testid="user-username">{user.username}</Typography.Text>
          {user.display_name && user.display_name !== user.username ? (
            <Typography.Text type="secondary">{user.display_name}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t('columns.group'), key: 'group', render: (_value, user) => <Tag color="blue">{user.group}</Tag> },
    {
      title: t('columns.stats'),
      key: 'stats',
      render: (_value, user) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color="green" data-testid="user-remaining">
            {t('stats.remaining', { amount: money(user.quota) })}
          </Tag>
          <Tag color="orange">{t('stats.used', { amount: money(user.used_quota) })}</Tag>
          <Tag color="cyan">{t('stats.requests', { count: user.request_count })}</Tag>
        </Flex>
      ),
    },
    {
      title: t('columns.invite'),
      key: 'invite',
      render: (_value, user) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag>{t('invite.count', { count: user.aff_count })}</Tag>
          <Tag>{t('invite.income', { amount: money(user.aff_history_quota) })}</Tag>
          <Tag>{user.inviter_id > 0 ? t('invite.inviter', { id: user.inviter_id }) : t('invite.noInviter')}</Tag>
        </Flex>
      ),
    },
    { title: t('columns.role'), key: 'role', render: (_value, user) => <UserRoleTag role={user.role} /> },
    { title: t('columns.status'), key: 'status', render: (_value, user) => <UserStatusTag user={user} /> },
    // Not pinned: a pinned column covered role and status at 1280 px. Its buttons wrap instead, so that the
    // whole table fits a laptop screen (issue 41).
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_value, user) => <UserRowActions user={user} onEdit={onEdit} />,
    },
  ];
}
