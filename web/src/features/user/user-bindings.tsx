import type { UserView } from '@switchboard/contract';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const BINDINGS = ['github_id', 'wechat_id', 'telegram_id', 'linux_do_id', 'email'] as const;

/** Bound third-party accounts and email, read-only. */
export function UserBindings({ user }: { user: UserView }) {
  const { t } = useTranslation('user');
  return (
    <Descriptions
      title={t('form.bindings')}
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 24 }}
      data-testid="user-bindings"
      items={BINDINGS.map((field) => ({
        key: field,
        label: t(`bindings.${field}`),
        children: user[field] ? user[field] : <Typography.Text type="secondary">{t('bindings.none')}</Typography.Text>,
      }))}
    />
  );
}
