/** `data` of `GET /api/status` (spec 000 §3 System status and spec 001 §3 Status object). */
export interface StatusData {
  version: string;
  start_time: number;
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  display_token_stat: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  chats: unknown;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chat_link: string;
  chat_link2: string;
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  github_oauth: boolean;
  github_client_id: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  server_address: string;
  top_up_link: string;
  min_topup: number;
  price: number;
  enable_online_topup: boolean;
  register_enabled: boolean;
  password_login_enabled: boolean;
  password_register_enabled: boolean;
  demo_site_enabled: boolean;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  /** Fields the reference console reads (issue 16). Set-up is always done: the first start creates root. */
  setup: boolean;
  /** `general_setting.docs_link`; empty hides the docs entry */
  docs_link: string;
  self_use_mode_enabled: boolean;
  /** billing and logs are always written behind in batches */
  enable_batch_update: boolean;
  default_use_auto_group: boolean;
  linuxdo_minimum_trust_level: number;
  /** `checkin_setting.enabled`: the profile shows the daily check-in card */
  checkin_enabled: boolean;
  /** Stripe's secret, webhook secret and price are set: the wallet offers card payment */
  enable_stripe_topup: boolean;
  stripe_min_topup: number;
  /** Passkeys (issue 35): the relying-party settings the console's WebAuthn calls need */
  passkey_login: boolean;
  passkey_display_name: string;
  passkey_rp_id: string;
  passkey_origins: string;
  passkey_allow_insecure: boolean;
  passkey_user_verification: string;
  passkey_attachment: string;
}

/** `data` of `GET /api/setup`: Switchboard is set up on its first start (root / 123456), so `status` is always true. */
export interface SetupData {
  status: boolean;
  root_init: boolean;
  database_type: 'sqlite' | 'mysql' | 'postgres';
}
