import { Role, UserStatus, type UserManageAction, type UserView } from '@switchboard/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../api/session';
import { RowActions, type RowMenuAction } from '../../components/row-actions';
import { useListMutation } from '../../components/use-list-mutation';
import { useUserSecurityActions } from '../security/user-security-actions';
import { manageUser, USERS_QUERY_KEY } from '../../api/resources/user';

/** The status a banned-by-system user carries; the enable action stays off for it (spec 000 §4). */
const LOCKED_STATUS = 3;

interface UserRowActionsProps {
  user: UserView;
  onEdit: (user: UserView) => void;
}

/** Edit as the main action; promote, demote, disable or enable and deregister under "more"; a deregistered user gets none. */
export function UserRowActions({ user, onEdit }: UserRowActionsProps) {
  const { t } = useTranslation('user');
  const me = useSessionUser();
  const manage = useListMutation(
    USERS_QUERY_KEY,
    (action: UserManageAction) => manageUser(user.id, action),
    (action) => t(`messages.${action}`, { name: user.username }),
  );

  // Spec 000 §6: nobody acts on a user of the same or a higher role; the server enforces it too.
  const manageable = me !== null && user.role < me.role;
  const security = useUserSecurityActions(user, manageable);
  if (user.DeletedAt !== null) return null;
  const isRootCaller = (me?.role ?? 0) >= Role.Root;
  const enabled = user.status === UserStatus.Enabled;
  const entry = (action: UserManageAction, allowed: boolean, danger = false): RowMenuAction => ({
    key: action,
    label: t(`actions.${action}`),
    danger,
    disabled: !manageable || !allowed || manage.isPending,
    onClick: () => manage.mutate(action),
    testId: `user-${action}`,
  });

  return (
    <RowActions
      main={
        <Button size="small" disabled={!manageable} onClick={() => onEdit(user)} data-testid="user-edit">
          {t('actions.edit')}
        </Button>
      }
      testId="user-more"
      more={[
        entry('promote', isRootCaller && user.role < Role.Admin),
        entry('demote', user.role >= Role.Admin),
        enabled ? entry('disable', true) : entry('enable', user.status !== LOCKED_STATUS),
        ...security,
        {
          ...entry('delete', true, true),
          confirm: {
            title: t('messages.deregisterConfirm', { name: user.username }),
            description: t('messages.deregisterHint'),
          },
          onClick: () => manage.mutateAsync('delete'),
        },
      ]}
    />
  );
}
