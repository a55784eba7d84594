import type { SetupData, StatusData } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { epayEnabled, stripeEnabled } from '../topup/payment-methods';

/** The public status object the console caches at start (spec 000 §3, spec 001 §3). */
export function buildStatus(context: AppContext): StatusData {
  const options = context.options;
  return {
    version: context.version,
    start_time: context.startTime,
    system_name: options.string('SystemName'),
    logo: options.string('Logo'),
    footer_html: options.string('Footer'),
    quota_per_unit: options.number('QuotaPerUnit'),
    display_in_currency: options.boolean('DisplayInCurrencyEnabled'),
    display_token_stat: options.boolean('DisplayTokenStatEnabled'),
    enable_drawing: options.boolean('DrawingEnabled'),
    enable_task: options.boolean('TaskEnabled'),
    enable_data_export: options.boolean('DataExportEnabled'),
    chats: options.json('Chats'),
    data_export_default_time: options.string('DataExportDefaultTime'),
    default_collapse_sidebar: options.boolean('DefaultCollapseSidebar'),
    mj_notify_enabled: options.boolean('MjNotifyEnabled'),
    chat_link: options.string('ChatLink'),
    chat_link2: options.string('ChatLink2'),
    email_verification: options.boolean('EmailVerificationEnabled'),
    turnstile_check: options.boolean('TurnstileCheckEnabled'),
    turnstile_site_key: options.string('TurnstileSiteKey'),
    github_oauth: options.boolean('GitHubOAuthEnabled'),
    github_client_id: options.string('GitHubClientId'),
    linuxdo_oauth: options.boolean('LinuxDOOAuthEnabled'),
    linuxdo_client_id: options.string('LinuxDOClientId'),
    wechat_login: options.boolean('WeChatAuthEnabled'),
    wechat_qrcode: options.string('WeChatAccountQRCodeImageURL'),
    telegram_oauth: options.boolean('TelegramOAuthEnabled'),
    telegram_bot_name: options.string('TelegramBotName'),
    server_address: options.string('ServerAddress'),
    top_up_link: options.string('TopUpLink'),
    min_topup: options.number('MinTopUp'),
    price: options.number('Price'),
    enable_online_topup: epayEnabled(options),
    register_enabled: options.boolean('RegisterEnabled'),
    password_login_enabled: options.boolean('PasswordLoginEnabled'),
    password_register_enabled: options.boolean('PasswordRegisterEnabled'),
    demo_site_enabled: options.boolean('DemoSiteEnabled'),
    // OIDC: only the public parts the login button needs (the secret and the token endpoints stay here)
    oidc_enabled: options.boolean('oidc.enabled'),
    oidc_client_id: options.string('oidc.client_id'),
    oidc_authorization_endpoint: options.string('oidc.authorization_endpoint'),
    setup: true,
    docs_link: options.string('general_setting.docs_link'),
    self_use_mode_enabled: options.boolean('SelfUseModeEnabled'),
    enable_batch_update: true,
    default_use_auto_group: false,
    linuxdo_minimum_trust_level: options.number('LinuxDOMinimumTrustLevel'),
    checkin_enabled: options.boolean('checkin_setting.enabled'),
    enable_stripe_topup: stripeEnabled(options),
    stripe_min_topup: options.number('StripeMinTopUp'),
    passkey_login: options.boolean('passkey.enabled'),
    passkey_display_name: options.string('passkey.rp_display_name'),
    passkey_rp_id: options.string('passkey.rp_id'),
    passkey_origins: options.string('passkey.origins'),
    passkey_allow_insecure: options.boolean('passkey.allow_insecure_origin'),
    passkey_user_verification: options.string('passkey.user_verification'),
    passkey_attachment: options.string('passkey.attachment_preference'),
  };
}

/** `GET /api/setup`: the reference console asks it before showing its set-up wizard. */
export function buildSetup(context: AppContext): SetupData {
  return { status: true, root_init: true, database_type: context.database.kind };
}
