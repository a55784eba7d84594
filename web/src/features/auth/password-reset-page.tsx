import { VERIFICATION_RESEND_SECONDS } from '@switchboard/contract';
import { Alert, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../components/feedback';
import { requestPasswordReset } from '../../api/resources/account';
import { AuthCard } from './auth-card';
import { useCountdown } from './use-countdown';
import { useHumanCheck } from './use-human-check';
import { useBusyAttempt } from '../../components/use-busy-attempt';
import { AuthForm } from './auth-form';
import { EmailInput } from './email-input';

/** /reset: asks for the account's email and mails a reset link. */
export default function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const humanCheck = useHumanCheck();
  const countdown = useCountdown(VERIFICATION_RESEND_SECONDS);
  const { busy, attempt } = useBusyAttempt();
  const [sentTo, setSentTo] = useState('');

  const submit = async ({ email }: { email?: string }) => {
    const address = email?.trim() ?? '';
    if (!address) return toast.error(t('reset.emailRequired'));
    if (!humanCheck.ready()) return undefined;
    return attempt(async () => {
      await requestPasswordReset(address, humanCheck.token);
      setSentTo(address);
      countdown.start();
    });
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.summary')}>
      {sentTo ? (
        <Alert
          type="success"
          showIcon
          title={t('reset.sent', { email: sentTo })}
          style={{ marginBottom: 16 }}
          data-testid="reset-sent"
        />
      ) : null}
      <AuthForm<{ email?: string }>
        onFinish={(values) => void submit(values)}
        humanCheck={humanCheck.widget}
        busy={busy}
        disabled={countdown.remaining > 0}
        submitLabel={
          countdown.remaining > 0 ? t('reset.resendIn', { seconds: countdown.remaining }) : t('reset.submit')
        }
        submitTestId="reset-submit"
      >
        <Form.Item name="email" label={t('reset.email')}>
          <EmailInput type="email" placeholder={t('reset.emailPlaceholder')} data-testid="reset-email" />
        </Form.Item>
      </AuthForm>
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
