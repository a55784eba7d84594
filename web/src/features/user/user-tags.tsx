import { Role, UserStatus, type UserView } from '@switchboard/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Normal user, administrator or super administrator (spec 000 §4). */
export function UserRoleTag({ role }: { role: number }) {
  const { t } = useTranslation('user');
  if (role >= Role.Root) return <Tag color="orange">{t('roles.root')}</Tag>;
  if (role >= Role.Admin) return <Tag color="gold">{t('roles.admin')}</Tag>;
  if (role === Role.Common) return <Tag color="blue">{t('roles.common')}</Tag>;
  return <Tag>{t('roles.unknown')}</Tag>;
}

/** Activated, banned, or deregistered (which wins over the stored status). */
export function UserStatusTag({ user }: { user: Pick<UserView, 'status' | 'DeletedAt'> }) {
  const { t } = useTranslation('user');
  if (user.DeletedAt !== null)
    return (
      <Tag color="default" data-testid="user-status">
        {t('statuses.deregistered')}
      </Tag>
    );
  if (user.status === UserStatus.Enabled)
    return (
      <Tag color="green" data-testid="user-status">
        {t('statuses.enabled')}
      </Tag>
    );
  if (user.status === UserStatus.Disabled)
    return (
      <Tag color="red" data-testid="user-status">
        {t('statuses.disabled')}
      </Tag>
    );
  return <Tag data-testid="user-status">{t('statuses.unknown')}</Tag>;
}
