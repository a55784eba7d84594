import { Alert, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { writeStorage } from '../../api/local-storage';
import { useBranding, useStatus } from '../../api/resources/status';
import { AFF_STORAGE_KEY } from '../../api/resources/account';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';
import { ThirdPartySignIn } from './third-party-sign-in';

/** /register: create an account (spec 000 §2); `?aff=` keeps an invite code for sign-up and OAuth. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const { systemName } = useBranding();
  const [searchParams] = useSearchParams();
  const aff = searchParams.get('aff');
  useEffect(() => {
    if (aff) writeStorage(AFF_STORAGE_KEY, aff);
  }, [aff]);

  const open = status.register_enabled && status.password_register_enabled;
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.welcome', { name: systemName })}>
      {open ? (
        <RegisterForm />
      ) : (
        <Alert
          type="info"
          showIcon
          title={status.register_enabled ? t('register.passwordRegisterDisabled') : t('register.registerDisabled')}
          data-testid="register-closed"
        />
      )}
      {status.register_enabled ? <ThirdPartySignIn status={status} /> : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
