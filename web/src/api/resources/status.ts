import type { StatusData } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../components/feedback';
import i18n from '../../i18n';
import { api } from '../http-client';
import { readStoredJson, writeStorage } from '../local-storage';

/** `GET /api/status` is kept in `localStorage.status` so the next start renders at once. */
export const STATUS_STORAGE_KEY = 'status';
export const DEFAULT_SYSTEM_NAME = 'Switchboard';
export const DEFAULT_LOGO = '/logo.png';

/** What the console assumes before the server has answered for the first time. */
export const defaultStatus: StatusData = {
  version: '',
  start_time: 0,
  system_name: DEFAULT_SYSTEM_NAME,
  logo: '',
  footer_html: '',
  quota_per_unit: 500_000,
  display_in_currency: true,
  display_token_stat: true,
  enable_drawing: false,
  enable_task: false,
  enable_data_export: false,
  chats: [],
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  mj_notify_enabled: false,
  chat_link: '',
  chat_link2: '',
  email_verification: false,
  turnstile_check: false,
  turnstile_site_key: '',
  github_oauth: false,
  github_client_id: '',
  linuxdo_oauth: false,
  linuxdo_client_id: '',
  wechat_login: false,
  wechat_qrcode: '',
  telegram_oauth: false,
  telegram_bot_name: '',
  server_address: '',
  top_up_link: '',
  min_topup: 1,
  price: 7.3,
  enable_online_topup: false,
  register_enabled: true,
  password_login_enabled: true,
  password_register_enabled: true,
  demo_site_enabled: false,
  oidc_enabled: false,
  oidc_client_id: '',
  oidc_authorization_endpoint: '',
  setup: true,
  docs_link: '',
  self_use_mode_enabled: false,
  enable_batch_update: true,
  default_use_auto_group: false,
  linuxdo_minimum_trust_level: 0,
  checkin_enabled: false,
  enable_stripe_topup: false,
  stripe_min_topup: 1,
  passkey_login: false,
  passkey_display_name: '',
  passkey_rp_id: '',
  passkey_origins: '',
  passkey_allow_insecure: false,
  passkey_user_verification: 'preferred',
  passkey_attachment: '',
};

function withDefaults(value: unknown): StatusData {
  if (!value || typeof value !== 'object') return defaultStatus;
  return { ...defaultStatus, ...(value as Partial<StatusData>) };
}

export function readStoredStatus(): StatusData {
  return withDefaults(readStoredJson(STATUS_STORAGE_KEY));
}

export async function fetchStatus(): Promise<StatusData> {
  try {
    const status = withDefaults(await api.get<StatusData>('/api/status', { quiet: true }));
    writeStorage(STATUS_STORAGE_KEY, JSON.stringify(status));
    return status;
  } catch (error) {
    toast.error(i18n.t('common:errors.statusUnavailable'));
    throw error;
  }
}

export const STATUS_QUERY_KEY = ['status'] as const;

/** The system status: the stored copy at once, refreshed from the server on start. */
export function useStatus(): StatusData {
  const query = useQuery({
    queryKey: STATUS_QUERY_KEY,
    queryFn: fetchStatus,
    initialData: readStoredStatus,
    // The stored copy counts as stale, so the first render triggers a fetch.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return query.data;
}

/** The name and logo to show: the administrator's, else the defaults. */
export function useBranding(): { systemName: string; logo: string } {
  const status = useStatus();
  return { systemName: status.system_name || DEFAULT_SYSTEM_NAME, logo: status.logo || DEFAULT_LOGO };
}

export type PublicTextPath = '/api/notice' | '/api/about' | '/api/home_page_content';

/** An administrator's text from `GET /api/notice`, `/api/about` or `/api/home_page_content` ('' when unset). */
export function usePublicText(path: PublicTextPath) {
  return useQuery({
    queryKey: ['public-text', path],
    queryFn: () => api.get<string>(path, { quiet: true }),
    staleTime: 60_000,
  });
}
