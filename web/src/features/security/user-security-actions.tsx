import type { UserView } from '@switchboard/contract';
import { useTranslation } from 'react-i18next';
import type { RowMenuAction } from '../../components/row-actions';
import { toast } from '../../components/feedback';
import { resetUserPasskey, resetUserTwoFactor } from '../../api/resources/security';

type Reset = 'twoFactor' | 'passkey';

/** The user list's "Reset 2FA" and "Reset Passkey" entries of a row's menu; the user's sessions all end. */
export function useUserSecurityActions(user: UserView, manageable: boolean): RowMenuAction[] {
  const { t } = useTranslation('security');

  const reset = async (which: Reset) => {
    try {
      if (which === 'twoFactor') await resetUserTwoFactor(user.id);
      else await resetUserPasskey(user.id);
      toast.success(which === 'twoFactor' ? t('admin.resetTwoFactorDone') : t('admin.resetPasskeyDone'));
    } catch {
      // The HTTP client has shown why ("not enabled", "no passkey", no permission).
    }
  };

  const entry = (which: Reset): RowMenuAction => ({
    key: which === 'twoFactor' ? 'reset-2fa' : 'reset-passkey',
    label: t(which === 'twoFactor' ? 'admin.resetTwoFactor' : 'admin.resetPasskey'),
    disabled: !manageable,
    confirm: {
      title: t(which === 'twoFactor' ? 'admin.resetTwoFactorConfirm' : 'admin.resetPasskeyConfirm', {
        name: user.username,
      }),
    },
    onClick: () => reset(which),
    testId: which === 'twoFactor' ? 'user-reset-2fa' : 'user-reset-passkey',
  });
  return [entry('twoFactor'), entry('passkey')];
}
