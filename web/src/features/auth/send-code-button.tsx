import { VERIFICATION_RESEND_SECONDS } from '@switchboard/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { sendVerificationCode } from '../../api/resources/account';
import { useCountdown } from './use-countdown';
import { useBusyAttempt } from '../../components/use-busy-attempt';

interface SendCodeButtonProps {
  /** The address to send to, read when clicked. */
  email: () => string;
  /** The human-check token, or '' when the check is off. */
  turnstile?: string;
  /** Whether the human check allows sending now (it says why when not). */
  ready?: () => boolean;
}

/** Mails a verification code, then waits 30 seconds before it can send again. */
export function SendCodeButton({ email, turnstile = '', ready = () => true }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown(VERIFICATION_RESEND_SECONDS);
  const { busy: sending, attempt } = useBusyAttempt();
  const send = async () => {
    const address = email().trim();
    if (!address) {
      toast.error(t('code.emailRequired'));
      return;
    }
    if (!ready()) return;
    await attempt(async () => {
      await sendVerificationCode(address, turnstile);
      toast.success(t('code.sent'));
      countdown.start();
    });
  };
  return (
    <Button onClick={() => void send()} loading={sending} disabled={countdown.remaining > 0} data-testid="send-code">
      {countdown.remaining > 0 ? t('code.resendIn', { seconds: countdown.remaining }) : t('code.send')}
    </Button>
  );
}
