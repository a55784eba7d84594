import type { UserView } from '@switchboard/contract';
import { Avatar, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserRoleTag } from '../../user/user-tags';

/** The personal tab's heading: who is signed in, with the avatar letter, role, ID and group. */
export function ProfileHeader({ user }: { user: UserView }) {
  const { t } = useTranslation('personal');
  const name = user.display_name || user.username;
  return (
    <Card variant="borderless" data-testid="profile-header">
      <Flex gap={16} align="center" wrap>
        <Avatar size={56} style={{ backgroundColor: 'var(--ant-color-primary)', fontSize: 24 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {name}
          </Typography.Title>
          <Flex gap={4} wrap align="center">
            <UserRoleTag role={user.role} />
            <Tag data-testid="profile-id">{t('header.id', { id: user.id })}</Tag>
            <Tag color="blue" data-testid="profile-group">
              {t('header.group', { group: user.group })}
            </Tag>
            {user.display_name && user.display_name !== user.username ? (
              <Typography.Text type="secondary">@{user.username}</Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
