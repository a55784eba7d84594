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
import { startOauth, type OauthProvider } from '../../auth/oauth-redirect';
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

function row(key: string, icon: ReactNode, value: string, available: boolean, open: () => void): BindingRow {
  return { key, icon, value, available, open };
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
  const oauthRow = (provider: OauthProvider, icon: ReactNode, value: string, available: boolean) =>
    row(provider, icon, value, available, () => void startOauth(provider, status));
  const oidcOn = status.oidc_enabled && status.oidc_authorization_endpoint !== '';
  const rows: BindingRow[] = [
    row('email', <MailOutlined />, user.email, true, () => setDialog('email')),
    row('wechat', <WechatOutlined />, user.wechat_id, status.wechat_login, () => setDialog('wechat')),
    oauthRow('github', <GithubOutlined />, user.github_id, status.github_oauth),
    row('telegram', <SendOutlined />, user.telegram_id, status.telegram_oauth, () => setDialog('telegram')),
    oauthRow('linuxdo', <CommentOutlined />, user.linux_do_id, status.linuxdo_oauth),
    oauthRow('oidc', <SafetyCertificateOutlined />, user.oidc_id, oidcOn),
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
