import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { isEmailAddress, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@switchboard/contract';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStatus } from '../../api/resources/status';
import { toast } from '../../components/feedback';
import { register, storedAffCode } from '../../api/resources/account';
import { SendCodeButton } from './send-code-button';
import { useHumanCheck } from './use-human-check';
import { useBusyAttempt } from '../../components/use-busy-attempt';
import { AuthForm } from './auth-form';
import { EmailInput } from './email-input';

interface RegisterValues {
  username?: string;
  password?: string;
  password2?: string;
  email?: string;
  verification_code?: string;
}

/** Username and password twice; email and code when verification is on; posted to `/api/user/register`. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const navigate = useNavigate();
  const humanCheck = useHumanCheck();
  const [form] = Form.useForm<RegisterValues>();
  const { busy, attempt } = useBusyAttempt();

  const submit = async (values: RegisterValues) => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    if (!username || !password) return toast.error(t('common:credentials.credentialsRequired'));
    if ([...password].length < PASSWORD_MIN_LENGTH || [...password].length > PASSWORD_MAX_LENGTH) {
      return toast.error(
        t('common:credentials.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
      );
    }
    if (password !== values.password2) return toast.error(t('register.passwordsDiffer'));
    const email = values.email?.trim() ?? '';
    const code = values.verification_code?.trim() ?? '';
    if (status.email_verification && (!email || !code)) return toast.error(t('register.emailCodeRequired'));
    if (status.email_verification && !isEmailAddress(email)) return toast.error(t('register.emailInvalid'));
    if (!humanCheck.ready()) return undefined;
    return attempt(async () => {
      await register(
        { username, password, password2: values.password2, email, verification_code: code, aff_code: storedAffCode() },
        humanCheck.token,
      );
      toast.success(t('register.success'));
      void navigate('/login');
    });
  };

  /** The new password or its repetition. */
  const newPassword = (name: 'password' | 'password2', placeholder: string) => (
    <Form.Item name={name} label={t(`register.${name}`)}>
      <Input.Password
        prefix={<LockOutlined />}
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={placeholder}
        autoComplete="new-password"
        data-testid={`register-${name}`}
      />
    </Form.Item>
  );

  return (
    <AuthForm<RegisterValues>
      form={form}
      onFinish={(values) => void submit(values)}
      humanCheck={humanCheck.widget}
      busy={busy}
      submitLabel={t('register.submit')}
      submitTestId="register-submit"
    >
      <Form.Item name="username" label={t('register.username')}>
        <Input
          prefix={<UserOutlined />}
          maxLength={USERNAME_MAX_LENGTH}
          placeholder={t('register.usernamePlaceholder', { max: USERNAME_MAX_LENGTH })}
          autoComplete="username"
          data-testid="register-username"
        />
      </Form.Item>
      {newPassword(
        'password',
        t('register.passwordPlaceholder', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
      )}
      {newPassword('password2', t('register.password2Placeholder'))}
      {status.email_verification ? (
        <>
          <Form.Item label={t('register.email')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="email" noStyle>
                <EmailInput
                  inputMode="email"
                  placeholder={t('register.emailPlaceholder')}
                  data-testid="register-email"
                />
              </Form.Item>
              <SendCodeButton
                email={() => form.getFieldValue('email') ?? ''}
                turnstile={humanCheck.token}
                ready={humanCheck.ready}
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item name="verification_code" label={t('register.code')}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('register.codePlaceholder')}
              data-testid="register-code"
            />
          </Form.Item>
        </>
      ) : null}
    </AuthForm>
  );
}
