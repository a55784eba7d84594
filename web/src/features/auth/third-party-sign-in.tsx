import { CommentOutlined, GithubOutlined, SafetyCertificateOutlined, WechatOutlined } from '@ant-design/icons';
import type { SessionUser, StatusData } from '@switchboard/contract';
import { Button, Divider, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/feedback';
import { TwoFactorSignIn } from '../security/two-factor-sign-in';
import { telegramSignIn, wechatSignIn, type ThirdPartyOutcome } from '../../api/resources/account';
import { startOauth, type OauthProvider } from './oauth-redirect';
import { TelegramWidget, telegramFields } from './telegram-widget';
import { useCompleteSignIn } from './use-complete-sign-in';
import { WechatCodeDialog } from './wechat-code-dialog';

type SignInFlag = 'github_oauth' | 'linuxdo_oauth' | 'oidc_enabled' | 'wechat_login' | 'telegram_oauth';
type MethodStatus = Pick<
  StatusData,
  | SignInFlag
  | 'github_client_id'
  | 'linuxdo_client_id'
  | 'oidc_client_id'
  | 'oidc_authorization_endpoint'
  | 'server_address'
  | 'telegram_bot_name'
>;

interface SignInMethod {
  key: OauthProvider | 'wechat' | 'telegram';
  flag: SignInFlag;
  icon: ReactNode;
}

const methods: SignInMethod[] = [
  { key: 'github', flag: 'github_oauth', icon: <GithubOutlined /> },
  { key: 'linuxdo', flag: 'linuxdo_oauth', icon: <CommentOutlined /> },
  { key: 'oidc', flag: 'oidc_enabled', icon: <SafetyCertificateOutlined /> },
  { key: 'wechat', flag: 'wechat_login', icon: <WechatOutlined /> },
  { key: 'telegram', flag: 'telegram_oauth', icon: null },
];

/** The third-party methods the administrator has turned on (OIDC once it has an endpoint), in display order. */
export function enabledSignInMethods(
  status: Pick<StatusData, SignInFlag | 'oidc_authorization_endpoint'>,
): SignInMethod[] {
  return methods.filter(
    (method) => status[method.flag] && (method.key !== 'oidc' || status.oidc_authorization_endpoint !== ''),
  );
}

/** One entry per enabled third-party method: OAuth redirects, the WeChat code dialog, the Telegram widget. */
export function ThirdPartySignIn({ status }: { status: MethodStatus }) {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const [wechatOpen, setWechatOpen] = useState(false);
  const [flowToken, setFlowToken] = useState<string | null>(null);
  const enabled = enabledSignInMethods(status);
  if (enabled.length === 0) return null;

  const signedIn = (user: SessionUser) => {
    toast.success(t('login.success'));
    completeSignIn(user);
  };
  const finish = (outcome: ThirdPartyOutcome) => {
    if (outcome.kind === 'signed-in') signedIn(outcome.user);
    else if (outcome.kind === 'second-step') setFlowToken(outcome.flowToken);
  };
  if (flowToken)
    return <TwoFactorSignIn flowToken={flowToken} onBack={() => setFlowToken(null)} onSignedIn={signedIn} />;
  const run = async (attempt: () => Promise<ThirdPartyOutcome>) => {
    try {
      finish(await attempt());
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  return (
    <>
      <Divider plain style={{ margin: '20px 0 16px' }}>
        {t('login.otherMethods')}
      </Divider>
      <Flex justify="center" align="center" gap={8} wrap>
        {enabled.map((method) => {
          if (method.key === 'telegram') {
            return (
              <div key={method.key} data-testid="sign-in-telegram">
                <TelegramWidget
                  botName={status.telegram_bot_name}
                  onAuth={(user) => void run(() => telegramSignIn(telegramFields(user))).catch(() => undefined)}
                />
              </div>
            );
          }
          const onClick =
            method.key === 'wechat'
              ? () => setWechatOpen(true)
              : () => void startOauth(method.key as OauthProvider, status);
          return (
            <Button
              key={method.key}
              shape="round"
              icon={method.icon}
              onClick={onClick}
              data-testid={`sign-in-${method.key}`}
            >
              {t(`providers.${method.key}`)}
            </Button>
          );
        })}
      </Flex>
      <WechatCodeDialog
        open={wechatOpen}
        title={t('wechat.signInTitle')}
        onClose={() => setWechatOpen(false)}
        onSubmit={(code) => run(() => wechatSignIn(code))}
      />
    </>
  );
}
