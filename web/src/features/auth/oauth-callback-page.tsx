import { Flex, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/feedback';
import { TwoFactorSignIn } from '../security/two-factor-sign-in';
import { oauthCallback } from '../../api/resources/account';
import { useCompleteSignIn } from './use-complete-sign-in';

const SETTINGS_PATH = '/setting';
const LOGIN_PATH = '/login';
const FAILURE_REDIRECT_MS = 1500;

/**
 * /oauth/github, /oauth/linuxdo and /oauth/oidc: hands code and state to the server. A bind goes to /setting,
 * a sign-in to /token (after the code of an account with two-factor); a failure says "operation failed, redirecting" and goes to /setting.
 */
export default function OauthCallbackPage() {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [failed, setFailed] = useState(false);
  const [flowToken, setFlowToken] = useState<string | null>(null);
  const started = useRef(false);
  const provider = (['linuxdo', 'oidc'] as const).find((name) => pathname.startsWith(`/oauth/${name}`)) ?? 'github';

  useEffect(() => {
    // Codes and states work once: never send them twice (React's development double effects).
    if (started.current) return;
    started.current = true;
    oauthCallback(provider, searchParams.get('code') ?? '', searchParams.get('state') ?? '')
      .then((outcome) => {
        if (outcome.kind === 'bound') {
          toast.success(t('oauth.bound'));
          void navigate(SETTINGS_PATH, { replace: true });
        } else if (outcome.kind === 'second-step') {
          setFlowToken(outcome.flowToken);
        } else {
          toast.success(t('login.success'));
          completeSignIn(outcome.user);
        }
      })
      .catch((error: unknown) => {
        toast.error(error instanceof Error ? error.message : String(error));
        setFailed(true);
        setTimeout(() => void navigate(SETTINGS_PATH, { replace: true }), FAILURE_REDIRECT_MS);
      });
  }, [provider, searchParams, navigate, completeSignIn, t]);

  if (flowToken) {
    return (
      <Flex justify="center" style={{ padding: '96px 16px' }}>
        <div style={{ width: 360 }}>
          <TwoFactorSignIn
            flowToken={flowToken}
            onBack={() => void navigate(LOGIN_PATH, { replace: true })}
            onSignedIn={(user) => {
              toast.success(t('login.success'));
              completeSignIn(user);
            }}
          />
        </div>
      </Flex>
    );
  }

  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ padding: '96px 16px' }}>
      <Spin size="large" />
      <Typography.Text data-testid="oauth-progress">
        {failed ? t('oauth.failed') : t(`oauth.${provider}Progress`)}
      </Typography.Text>
    </Flex>
  );
}
