import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginRequest } from '@switchboard/contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { isSecondStep } from '../../api/resources/security';
import { TwoFactorSignIn } from '../security/two-factor-sign-in';
import { useHumanCheck } from './use-human-check';
import { isDefaultRootLogin, useLogin, useStoreSignedInUser } from './use-login';
import { AuthForm } from './auth-form';

interface LoginFormProps {
  /** Called after the user is stored; `usedDefaultPassword` asks for the warning dialog. */
  onSignedIn: (usedDefaultPassword: boolean) => void;
}

/** Username-or-email and password, posted to `/api/user/login`. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const store = useStoreSignedInUser();
  const humanCheck = useHumanCheck();
  const [secondStep, setSecondStep] = useState<{ flowToken: string; defaultPassword: boolean } | null>(null);

  const submit = async (values: Partial<LoginRequest>) => {
    const credentials = { username: values.username?.trim() ?? '', password: values.password ?? '' };
    if (!credentials.username || !credentials.password) {
      toast.error(t('login.missingCredentials'));
      return;
    }
    if (!humanCheck.ready()) return;
    try {
      const reply = await login.mutateAsync({ ...credentials, turnstile: humanCheck.token });
      if (isSecondStep(reply)) {
        setSecondStep({ flowToken: reply.flow_token, defaultPassword: isDefaultRootLogin(credentials) });
        return;
      }
    } catch {
      return; // The HTTP client has already shown why.
    }
    toast.success(t('login.success'));
    onSignedIn(isDefaultRootLogin(credentials));
  };

  if (secondStep) {
    return (
      <TwoFactorSignIn
        flowToken={secondStep.flowToken}
        onBack={() => setSecondStep(null)}
        onSignedIn={(user) => {
          store(user);
          toast.success(t('login.success'));
          onSignedIn(secondStep.defaultPassword);
        }}
      />
    );
  }

  return (
    <AuthForm<Partial<LoginRequest>>
      onFinish={(values) => void submit(values)}
      humanCheck={humanCheck.widget}
      busy={login.isPending}
      submitLabel={t('login.submit')}
      submitTestId="login-submit"
    >
      <Form.Item name="username" label={t('login.username')}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
    </AuthForm>
  );
}
