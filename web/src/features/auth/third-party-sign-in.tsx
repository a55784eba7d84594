import { CommentOutlined, GithubOutlined, SendOutlined, WechatOutlined } from '@ant-design/icons';
import type { StatusData } from '@switchboard/contract';
import { Button, Divider, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type SignInFlag = 'github_oauth' | 'linuxdo_oauth' | 'wechat_login' | 'telegram_oauth';

interface SignInMethod {
  key: 'github' | 'linuxdo' | 'wechat' | 'telegram';
  flag: SignInFlag;
  icon: ReactNode;
}

const methods: SignInMethod[] = [
  { key: 'github', flag: 'github_oauth', icon: <GithubOutlined /> },
  { key: 'linuxdo', flag: 'linuxdo_oauth', icon: <CommentOutlined /> },
  { key: 'wechat', flag: 'wechat_login', icon: <WechatOutlined /> },
  { key: 'telegram', flag: 'telegram_oauth', icon: <SendOutlined /> },
];

/** The third-party methods the administrator has turned on, in display order. */
export function enabledSignInMethods(status: Pick<StatusData, SignInFlag>): SignInMethod[] {
  return methods.filter((method) => status[method.flag]);
}

/**
 * One button per enabled third-party method. The OAuth, WeChat and Telegram flows belong to a
 * later change, so the buttons are disabled and say so rather than doing nothing.
 */
export function ThirdPartySignIn({ status }: { status: Pick<StatusData, SignInFlag> }) {
  const { t } = useTranslation('auth');
  const enabled = enabledSignInMethods(status);
  if (enabled.length === 0) return null;
  return (
    <>
      <Divider plain style={{ margin: '20px 0 16px' }}>
        {t('login.otherMethods')}
      </Divider>
      <Flex justify="center" gap={8} wrap>
        {enabled.map((method) => (
          <Tooltip key={method.key} title={t('login.methodNotConnected')}>
            <Button shape="round" icon={method.icon} disabled data-testid={`sign-in-${method.key}`}>
              {t(`providers.${method.key}`)}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </>
  );
}
