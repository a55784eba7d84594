import { isEmailAddress, type UserSetting, type UserView } from '@switchboard/contract';
import { AutoComplete, Button, Card, Form, Input, Radio, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback';
import { saveNotificationSetting } from '../../../api/resources/self';
import { parseSetting } from './notification-setting';
import { useDisplayQuota } from '../../../lib/format';

/** Quota warning threshold presets (spec 000 §9). */
const THRESHOLD_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000];

interface NotificationValues extends Omit<Required<UserSetting>, 'quota_warning_threshold'> {
  quota_warning_threshold: string;
}

/** How the user hears about a low balance: by email or a webhook (https; the secret goes as a Bearer header). */
export function NotificationCard({ user, onSaved }: { user: UserView; onSaved: () => void }) {
  const { t } = useTranslation('personal');
  const money = useDisplayQuota();
  const stored = parseSetting(user.setting);
  const [form] = Form.useForm<NotificationValues>();
  const notifyType = Form.useWatch('notify_type', form) ?? stored.notify_type;
  const [busy, setBusy] = useState(false);

  const submit = async (values: NotificationValues) => {
    const threshold = Number(values.quota_warning_threshold);
    if (!Number.isSafeInteger(threshold) || threshold < 0) return toast.error(t('notification.thresholdInvalid'));
    const webhook = values.webhook_url?.trim() ?? '';
    if (values.notify_type === 'webhook' && !webhook.startsWith('https://'))
      return toast.error(t('notification.webhookHttps'));
    const email = values.notification_email?.trim() ?? '';
    if (values.notify_type === 'email' && email !== '' && !isEmailAddress(email))
      return toast.error(t('notification.emailInvalid'));
    setBusy(true);
    try {
      await saveNotificationSetting({
        ...values,
        webhook_url: webhook,
        notification_email: email,
        quota_warning_threshold: threshold,
      });
      toast.success(t('notification.saved'));
      onSaved();
    } catch (error) {
      toast.error(t('notification.saveFailed', { reason: (error as Error).message }));
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  return (
    <Card title={t('notification.title')} data-testid="notification-card">
      <Form<NotificationValues>
        form={form}
        layout="vertical"
        initialValues={{ ...stored, quota_warning_threshold: String(stored.quota_warning_threshold) }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="notify_type" label={t('notification.type')}>
          <Radio.Group
            options={[
              { value: 'email', label: t('notification.email') },
              { value: 'webhook', label: t('notification.webhook') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="quota_warning_threshold"
          label={t('notification.threshold')}
          extra={t('notification.thresholdHint')}
        >
          <AutoComplete
            options={THRESHOLD_PRESETS.map((value) => ({ value: String(value), label: `${value} (${money(value)})` }))}
            data-testid="notification-threshold"
          />
        </Form.Item>
        {/* The other method's fields stay in the form, hidden, so that saving one keeps what the other holds. */}
        <Form.Item
          name="webhook_url"
          label={t('notification.webhookUrl')}
          extra={t('notification.webhookUrlHint')}
          hidden={notifyType !== 'webhook'}
        >
          <Input placeholder="https://" data-testid="notification-webhook-url" />
        </Form.Item>
        <Form.Item
          name="webhook_secret"
          label={t('notification.webhookSecret')}
          extra={t('notification.webhookSecretHint')}
          hidden={notifyType !== 'webhook'}
        >
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="notification_email"
          label={t('notification.notificationEmail')}
          extra={t('notification.notificationEmailHint')}
          hidden={notifyType === 'webhook'}
        >
          {/* Not type="email": the browser's own check would speak its language, not the console's. */}
          <Input inputMode="email" autoComplete="email" placeholder={user.email} data-testid="notification-email" />
        </Form.Item>
        <Form.Item
          name="accept_unset_model_ratio_model"
          label={t('notification.acceptUnpriced')}
          extra={t('notification.acceptUnpricedHint')}
          valuePropName="checked"
        >
          <Switch data-testid="notification-accept-unpriced" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="notification-save">
          {t('notification.save')}
        </Button>
      </Form>
    </Card>
  );
}
