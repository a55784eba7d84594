import { KeyOutlined } from '@ant-design/icons';
import type { SessionUser } from '@switchboard/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { toast } from '../../components/feedback';
import { signInWithPasskey } from '../../api/resources/security';
import { useBusyAttempt } from '../../components/use-busy-attempt';

/** "Sign in with Passkey", shown when the administrator turned passkeys on and the browser has WebAuthn. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation('security');
  const { busy, attempt } = useBusyAttempt();
  if (!browserSupportsWebAuthn()) return null;

  const signIn = () =>
    attempt(
      async () => onSignedIn(await signInWithPasskey()),
      (error) => {
        if (!isApiError(error)) toast.error(t('passkey.cancelled'));
      },
    );

  return (
    <Button
      block
      size="large"
      icon={<KeyOutlined />}
      loading={busy}
      onClick={() => void signIn()}
      data-testid="passkey-sign-in"
    >
      {t('signIn.passkey')}
    </Button>
  );
}
