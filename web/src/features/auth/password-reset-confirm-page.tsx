import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { copyText } from '../../components/clipboard';
import { confirmPasswordReset } from '../../api/resources/account';
import { AuthCard } from './auth-card';
import { useBusyAttempt } from '../../components/use-busy-attempt';

/** /user/reset?email=…&token=…: confirms the reset, then shows the new password once and copies it. */
export default function PasswordResetConfirmPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const { busy, attempt } = useBusyAttempt();
  const [password, setPassword] = useState('');

  const confirm = () =>
    attempt(async () => {
      const created = await confirmPasswordReset(email, token);
      setPassword(created);
      await copyText(created, { successMessage: t('resetConfirm.copied') });
    });

  return (
    <AuthCard title={t('resetConfirm.title')} subtitle={t('resetConfirm.summary')}>
      <Flex vertical gap={16}>
        {!email || !token ? <Alert type="error" showIcon title={t('resetConfirm.linkIncomplete')} /> : null}
        <Input value={email} readOnly addonBefore={t('resetConfirm.email')} />
        {password ? (
          <>
            <Alert type="success" showIcon title={t('resetConfirm.done')} />
            {/* Shown in clear once (spec 000 §2): the user has to read or copy it to sign in. */}
            <Input value={password} readOnly style={{ fontFamily: 'monospace' }} data-testid="reset-new-password" />
            <Button onClick={() => void copyText(password, { successMessage: t('resetConfirm.copied') })}>
              {t('common:actions.copy')}
            </Button>
            <Typography.Text type="secondary">{t('resetConfirm.changeLater')}</Typography.Text>
          </>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            loading={busy}
            disabled={!email || !token}
            onClick={() => void confirm()}
            data-testid="reset-confirm"
          >
            {t('resetConfirm.submit')}
          </Button>
        )}
        <Link to="/login" style={{ textAlign: 'center' }}>
          {t('reset.backToLogin')}
        </Link>
      </Flex>
    </AuthCard>
  );
}
