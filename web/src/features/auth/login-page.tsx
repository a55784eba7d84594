import { Alert, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useBranding, useStatus } from '../../api/resources/status';
import { AuthCard } from './auth-card';
import { DefaultPasswordDialog } from './default-password-dialog';
import { PasskeySignInButton } from '../security/passkey-sign-in-button';
import { LoginForm } from './login-form';
import { useStoreSignedInUser } from './use-login';
import { redirectTarget } from './redirect-target';
import { ThirdPartySignIn } from './third-party-sign-in';

const PERSONAL_SETTINGS_PATH = '/setting?tab=personal';

/** /login: password sign-in, third-party entries and the expired-session notice. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const { systemName } = useBranding();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [warningOpen, setWarningOpen] = useState(false);
  const target = redirectTarget(location.state);
  const store = useStoreSignedInUser();

  const leave = (path: string) => {
    setWarningOpen(false);
    void navigate(path, { replace: true });
  };
  const onSignedIn = (usedDefaultPassword: boolean) => {
    if (usedDefaultPassword) setWarningOpen(true);
    else leave(target);
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.welcome', { name: systemName })}>
      <Flex vertical gap={16}>
        {searchParams.get('expired') === 'true' ? (
          <Alert type="warning" showIcon title={t('common:errors.sessionExpired')} data-testid="login-expired" />
        ) : null}
        {status.password_login_enabled ? (
          <LoginForm onSignedIn={onSignedIn} />
        ) : (
          <Alert type="info" showIcon title={t('login.passwordLoginDisabled')} />
        )}
        {status.passkey_login ? (
          <PasskeySignInButton
            onSignedIn={(user) => {
              store(user);
              leave(target);
            }}
          />
        ) : null}
      </Flex>
      <ThirdPartySignIn status={status} />
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 24 }}>
        <Typography.Text type="secondary">
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('login.forgotPassword')} <Link to="/reset">{t('login.reset')}</Link>
        </Typography.Text>
      </Flex>
      <DefaultPasswordDialog
        open={warningOpen}
        onChangePassword={() => leave(PERSONAL_SETTINGS_PATH)}
        onAcknowledge={() => leave(target)}
      />
    </AuthCard>
  );
}
