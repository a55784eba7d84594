import { Role, UserStatus, type UserManageAction, type UserView } from '@switchboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { toast } from '../../components/feedback';
import { UserSecurityActions } from '../security/user-security-actions';
import { manageUser, USERS_QUERY_KEY } from './user-api';

/** The status a banned-by-system user carries; the enable action stays off for it (spec 000 §4). */
const LOCKED_STATUS = 3;

interface UserRowActionsProps {
  user: UserView;
  onEdit: (user: UserView) => void;
}

/** Promote, demote, disable or enable, edit, deregister; a deregistered user gets none. */
export function UserRowActions({ user, onEdit }: UserRowActionsProps) {
  const { t } = useTranslation('user');
  const client = useQueryClient();
  const me = useSessionUser();
  const manage = useMutation({
    mutationFn: (action: UserManageAction) => manageUser(user.id, action),
    onSuccess: async (_result, action) => {
      toast.success(t(`messages.${action}`, { name: user.username }));
      await client.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });

  if (user.DeletedAt !== null) return null;
  // Spec 000 §6: nobody acts on a user of the same or a higher role; the server enforces it too.
  const manageable = me !== null && user.role < me.role;
  const busy = (action: UserManageAction) => manage.isPending && manage.variables === action;
  const button = (action: UserManageAction, enabled: boolean, danger = false) => (
    <Button
      size="small"
      danger={danger}
      disabled={!manageable || !enabled}
      loading={busy(action)}
      onClick={() => manage.mutate(action)}
      data-testid={`user-${action}`}
    >
      {t(`actions.${action}`)}
    </Button>
  );
  const isRootCaller = (me?.role ?? 0) >= Role.Root;
  const enabled = user.status === UserStatus.Enabled;

  return (
    <Space size={4} wrap>
      {button('promote', isRootCaller && user.role < Role.Admin)}
      {button('demote', user.role >= Role.Admin)}
      {enabled ? button('disable', true, true) : button('enable', user.status !== LOCKED_STATUS)}
      <Button size="small" type="link" disabled={!manageable} onClick={() => onEdit(user)} data-testid="user-edit">
        {t('actions.edit')}
      </Button>
      <Popconfirm
        title={t('messages.deregisterConfirm', { name: user.username })}
        description={t('messages.deregisterHint')}
        okButtonProps={{ danger: true }}
        disabled={!manageable}
        onConfirm={() => manage.mutateAsync('delete')}
      >
        <Button size="small" danger disabled={!manageable} loading={busy('delete')} data-testid="user-delete">
          {t('actions.delete')}
        </Button>
      </Popconfirm>
      <UserSecurityActions user={user} manageable={manageable} />
    </Space>
  );
}
