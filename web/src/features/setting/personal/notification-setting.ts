import type { UserSetting } from '@switchboard/contract';

/** The stored notification settings, with the product's defaults for what is missing. */
export function parseSetting(text: string): Required<UserSetting> {
  let value: UserSetting = {};
  try {
    value = JSON.parse(text || '{}') as UserSetting;
  } catch {
    // An unreadable setting counts as none.
  }
  return {
    notify_type: value.notify_type ?? 'email',
    quota_warning_threshold: value.quota_warning_threshold || 100_000,
    webhook_url: value.webhook_url ?? '',
    webhook_secret: value.webhook_secret ?? '',
    notification_email: value.notification_email ?? '',
    accept_unset_model_ratio_model: value.accept_unset_model_ratio_model === true,
  };
}
