import {
  CommentOutlined,
  GithubOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { UserView } from '@switchboard/contract';
import { Button, Card, Flex, List, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../api/resources/status';
import { toast } from '../../../components/feedback';
import { startOauth } from '../../auth/oauth-redirect';
import { TelegramWidget, telegramFields } from '../../auth/telegram-widget';
import { WechatCodeDialog } from '../../auth/wechat-code-dialog';
import { EmailBindDialog } from './email-bind-dialog';
import { bindTelegram, bindWechat } from '../../../api/resources/account';

type Dialog = 'email' | 'wechat' | 'telegram' | null;

interface BindingRow {
  key: string;
  icon: ReactNode;
  value: string;
  /** whether the administrator has turned the method on */
  available: boolean;
  open: () => void;
}

/** Email, WeChat, GitHub, Telegram, LinuxDO and OIDC: what is bound, and a button to bind or change it. */
export function BindingsCard({ user, onChanged }: { user: UserView; onChanged: () => void }) {
  const { t } = useTranslation(['personal', 'auth']);
  const status = useStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = () => {
    setDialog(null);
    onChanged();
  };
  const rows: BindingRow[] = [
    { key: 'email', icon: <MailOutlined />, value: user.email, available: true, open: () => setDialog('email') },
    {
      key: 'wechat',
      icon: <WechatOutlined />,
      value: user.wechat_id,
      available: status.wechat_login,
      open: () => setDialog('wechat'),
    },
    {
      key: 'github',
      icon: <GithubOutlined />,
      value: user.github_id,
      available: status.github_oauth,
      open: () => void startOauth('github', status),
    },
    {
      key: 'telegram',
      icon: <SendOutlined />,
      value: user.telegram_id,
      available: status.telegram_oauth,
      open: () => setDialog('telegram'),
    },
    {
      key: 'linuxdo',
      icon: <CommentOutlined />,
      value: user.linux_do_id,
      available: status.linuxdo_oauth,
      open: () => void startOauth('linuxdo', status),
    },
    {
      key: 'oidc',
      icon: <SafetyCertificateOutlined />,
      value: user.oidc_id,
      available: status.oidc_enabled && status.oidc_authorization_endpoint !== '',
      open: () => void startOauth('oidc', status),
    },
  ];

  return (
    <Card title={t('bindings.title')} data-testid="bindings-card">
      <List
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            actions={[
              <Button key="bind" disabled={!row.available} onClick={row.open} data-testid={`bind-${row.key}`}>
                {row.value ? t('bindings.change') : t('bindings.bind')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={row.icon}
              title={row.key === 'email' ? t('bindings.email') : t(`auth:providers.${row.key}`)}
              description={
                <Typography.Text type={row.value ? undefined : 'secondary'} data-testid={`binding-${row.key}`}>
                  {row.value || (row.available ? t('bindings.notBound') : t('bindings.unavailable'))}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
      <EmailBindDialog open={dialog === 'email'} onClose={() => setDialog(null)} onBound={done} />
      <WechatCodeDialog
        open={dialog === 'wechat'}
        title={t('bindings.wechatTitle')}
        onClose={() => setDialog(null)}
        onSubmit={async (code) => {
          await bindWechat(code);
          toast.success(t('bindings.bound'));
          done();
        }}
      />
      <Modal
        open={dialog === 'telegram'}
        title={t('bindings.telegramTitle')}
        footer={null}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Flex justify="center">
          <TelegramWidget
            botName={status.telegram_bot_name}
            onAuth={(telegramUser) => {
              bindTelegram(telegramFields(telegramUser))
                .then(() => {
                  toast.success(t('bindings.bound'));
                  done();
                })
                .catch(() => undefined);
            }}
          />
        </Flex>
      </Modal>
    </Card>
  );
}
