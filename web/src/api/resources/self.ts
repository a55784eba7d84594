import type { SelfUpdateRequest, UserSetting, UserView } from '@switchboard/contract';
import { api, apiRequest } from '../http-client';

export const SELF_QUERY_KEY = ['user', 'self'] as const;
export const USABLE_MODELS_QUERY_KEY = ['user', 'models'] as const;
export const AFF_QUERY_KEY = ['user', 'aff'] as const;

export const fetchSelf = () => api.get<UserView>('/api/user/self');
export const updateSelf = (request: SelfUpdateRequest) => api.put<undefined>('/api/user/self', request);
export const deleteSelf = () => api.delete<undefined>('/api/user/self');
export const generateAccessToken = () => api.get<string>('/api/user/token');
export const fetchAffCode = () => api.get<string>('/api/user/aff');
export const transferAffQuota = (quota: number) => api.post<undefined>('/api/user/aff_transfer', { quota });
export const fetchUsableModels = () => api.get<string[]>('/api/user/models');
/** Quiet: the card says "notification settings update failed" with the server's reason (spec 000 §8). */
export const saveNotificationSetting = (setting: UserSetting) => api.put<undefined>('/api/user/setting', setting, { quiet: true });

export const bindEmail = (email: string, code: string) => api.get<undefined>('/api/oauth/email/bind', { query: { email, code } });
export const bindWechat = (code: string) => apiRequest<undefined>('GET', '/api/oauth/wechat/bind', { query: { code } });
export const bindTelegram = (fields: Record<string, string>) => apiRequest<undefined>('GET', '/api/oauth/telegram/bind', { query: fields });

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
