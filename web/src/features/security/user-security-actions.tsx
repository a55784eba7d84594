import type { UserView } from '@switchboard/contract';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { resetUserPasskey, resetUserTwoFactor } from './security-api';

type Reset = 'twoFactor' | 'passkey';

/** The user list's "Reset 2FA" and "Reset Passkey" row actions; the user's sessions all end. */
export function UserSecurityActions({ user, manageable }: { user: UserView; manageable: boolean }) {
  const { t } = useTranslation('security');
  const [busy, setBusy] = useState<Reset | null>(null);

  const reset = async (which: Reset) => {
    setBusy(which);
    try {
      if (which === 'twoFactor') await resetUserTwoFactor(user.id);
      else await resetUserPasskey(user.id);
      toast.success(which === 'twoFactor' ? t('admin.resetTwoFactorDone') : t('admin.resetPasskeyDone'));
    } catch {
      // The HTTP client has shown why ("not enabled", "no passkey", no permission).
    } finally {
      setBusy(null);
    }
  };

  const action = (which: Reset) => (
    <Popconfirm
      title={t(which === 'twoFactor' ? 'admin.resetTwoFactorConfirm' : 'admin.resetPasskeyConfirm', { name: user.username })}
      okButtonProps={{ danger: true }}
      disabled={!manageable}
      onConfirm={() => reset(which)}
    >
      <Button size="small" disabled={!manageable} loading={busy === which} data-testid={which === 'twoFactor' ? 'user-reset-2fa' : 'user-reset-passkey'}>
        {t(which === 'twoFactor' ? 'admin.resetTwoFactor' : 'admin.resetPasskey')}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      {action('twoFactor')}
      {action('passkey')}
    </>
  );
}
