import { DownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { isAdmin, isRoot, type SessionUser } from '@switchboard/contract';
import { Avatar, Button, Dropdown, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';

function roleLabelKey(role: number): string {
  if (isRoot(role)) return 'roles.root';
  if (isAdmin(role)) return 'roles.admin';
  return 'roles.common';
}

/** The signed-in user's name, role and the sign-out entry. */
export function UserMenu({ user, compact }: { user: SessionUser; compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const logout = useLogout();
  const { token } = theme.useToken();
  const name = user.display_name || user.username;

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <Flex vertical gap={2} style={{ minWidth: 160 }}>
                <Typography.Text strong>{name}</Typography.Text>
                <Flex gap={6} align="center">
                  <Typography.Text type="secondary">@{user.username}</Typography.Text>
                  <Tag color={isAdmin(user.role) ? 'purple' : 'default'} style={{ marginInlineEnd: 0 }}>
                    {t(roleLabelKey(user.role))}
                  </Tag>
                </Flex>
              </Flex>
            ),
          },
          { type: 'divider' },
          { key: 'settings', icon: <SettingOutlined />, label: t('header.personalSettings') },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('header.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'settings') void navigate('/setting?tab=personal');
          if (key === 'logout') void logout();
        },
      }}
    >
      <Button type="text" style={{ paddingInline: 6 }} data-testid="user-menu">
        <Avatar size={26} style={{ backgroundColor: token.colorPrimary, fontSize: 13 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {compact ? null : <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
