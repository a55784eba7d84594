import { claudeCliRule, codexCliRule } from './channel-affinity';
import { defaultCacheRatio, defaultCreateCacheRatio } from './default-cache-ratios';
import {
  defaultAudioCompletionRatio,
  defaultAudioRatio,
  defaultCompletionRatio,
  defaultModelPrice,
  defaultModelRatio,
} from './default-prices';

/** How an option's string value is read. */
export type OptionKind = 'boolean' | 'number' | 'string' | 'json';

/** The shape a JSON-valued option must have. */
export type JsonShape =
  | 'number-map'
  | 'text-map'
  | 'chat-list'
  /** model -> header name -> list of values (claude.model_headers_settings) */
  | 'model-header-map'
  /** model -> whole number of at least 1 (claude.default_max_tokens) */
  | 'model-token-map'
  /** model -> Gemini safety threshold (gemini.safety_settings) */
  | 'model-safety-map'
  /** model -> Gemini API version such as v1beta (gemini.version_settings) */
  | 'model-version-map'
  /** group -> [total count, success count] (ModelRequestRateLimitGroup) */
  | 'rate-limit-map'
  /** a list of channel-affinity rules (channel_affinity_setting.rules, issue 37) */
  | 'affinity-rules';

export interface OptionDefinition {
  kind: OptionKind;
  default: string;
  /** JSON options: the shape the parsed value must have. */
  shape?: JsonShape;
  /** Number options: the least value allowed. */
  min?: number;
  /** Number options: the greatest value allowed. */
  max?: number;
  /** Number options: zero is refused too. */
  positive?: boolean;
  /** String options: an http(s) address or empty. */
  url?: boolean;
  /** Number options: only whole numbers. */
  integer?: boolean;
  /** String options: when filled in, must start with one of these. */
  prefixes?: readonly string[];
  /** String options: the only values allowed. */
  choices?: readonly string[];
  /** String options: a link the console opens, never with a script or local-file scheme. */
  link?: boolean;
}

const bool = (value: boolean): OptionDefinition => ({ kind: 'boolean', default: String(value) });
const num = (value: number, min = 0, max?: number): OptionDefinition => ({
  kind: 'number',
  default: String(value),
  min,
  ...(max === undefined ? {} : { max }),
});
const whole = (value: number, min = 0): OptionDefinition => ({
  kind: 'number',
  default: String(value),
  min,
  integer: true,
});
const str = (value = ''): OptionDefinition => ({ kind: 'string', default: value });
const url = (): OptionDefinition => ({ kind: 'string', default: '', url: true });
const link = (): OptionDefinition => ({ kind: 'string', default: '', link: true });
const prefixed = (prefixes: readonly string[]): OptionDefinition => ({ kind: 'string', default: '', prefixes });
const choice = (value: string, choices: readonly string[]): OptionDefinition => ({
  kind: 'string',
  default: value,
  choices,
});
const shapeOf = (value: unknown): JsonShape => {
  if (Array.isArray(value)) return 'chat-list';
  const values = Object.values(value as Record<string, unknown>);
  return values.length > 0 && values.every((item) => typeof item === 'string') ? 'text-map' : 'number-map';
};
/** A JSON map from group name to [total count, success count]; empty by default. */
const groupLimits = (): OptionDefinition => ({ kind: 'json', default: '{}', shape: 'rate-limit-map' });
/** A JSON option; its shape is given or follows its default (a list of chats, a map of texts, or a map of numbers). */
const json = (value: unknown, shape: JsonShape = shapeOf(value)): OptionDefinition => ({
  kind: 'json',
  default: JSON.stringify(value),
  shape,
});

/**
 * Every option key (spec 000 §3 Option) with its default (reference notes §6.2).
 * All values travel as strings; `kind` says how they are parsed and validated.
 */
export const optionCatalogue = {
  // Server and payment
  ServerAddress: str(),
  WorkerUrl: str(),
  WorkerValidKey: str(),
  PayAddress: str(),
  EpayId: str(),
  EpayKey: str(),
  /** Money per dollar of quota: a price of 0 would sell quota for nothing. */
  Price: { ...num(7.3), positive: true },
  MinTopUp: num(1),
  // Stripe top-up: Checkout Sessions of one Price, quantity = the amount bought
  StripeApiSecret: prefixed(['sk_', 'rk_']),
  StripeWebhookSecret: str(),
  StripePriceId: str(),
  StripeUnitPrice: { ...num(8), positive: true },
  StripeMinTopUp: whole(1, 1),
  StripePromotionCodesEnabled: bool(false),
  /** where the Stripe API is reached; empty is https://api.stripe.com */
  StripeApiAddress: url(),
  TopupGroupRatio: json({ default: 1, vip: 1, svip: 1 }),
  // The payment compliance gate: set only by root's confirmation (POST /api/option/payment_compliance)
  'payment_setting.compliance_confirmed': bool(false),
  'payment_setting.compliance_terms_version': str(),
  'payment_setting.compliance_confirmed_at': whole(0),
  'payment_setting.compliance_confirmed_by': whole(0),
  'payment_setting.compliance_confirmed_ip': str(),
  CustomCallbackAddress: str(),
  // Mail
  SMTPServer: str(),
  SMTPPort: num(587),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: str(),
  SMTPSSLEnabled: bool(false),
  // Third-party sign-in
  GitHubClientId: str(),
  GitHubClientSecret: str(),
  WeChatServerAddress: str(),
  WeChatServerToken: str(),
  WeChatAccountQRCodeImageURL: str(),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: str(),
  TelegramBotToken: str(),
  TelegramBotName: str(),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: str(),
  // Access
  EmailDomainWhitelist: str(
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  ),
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  GitHubOAuthEnabled: bool(false),
  LinuxDOOAuthEnabled: bool(false),
  WeChatAuthEnabled: bool(false),
  TelegramOAuthEnabled: bool(false),
  TurnstileCheckEnabled: bool(false),
  RegisterEnabled: bool(true),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  // Branding
  Notice: str(),
  SystemName: str('Switchboard'),
  Logo: str(),
  Footer: str(),
  About: str(),
  HomePageContent: str(),
  // Display
  TopUpLink: str(),
  ChatLink: link(),
  ChatLink2: link(),
  // Quota units per dollar: every price, balance and limit is shown through it, so 0 or a huge value breaks them all.
  QuotaPerUnit: num(500000, 1, 1e9),
  RetryTimes: num(0),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  DemoSiteEnabled: bool(false),
  // Drawing and tasks
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjForwardUrlEnabled: bool(true),
  MjModeClearEnabled: bool(false),
  MjActionCheckSuccessEnabled: bool(true),
  // Sensitive words
  CheckSensitiveEnabled: bool(true),
  CheckSensitiveOnPromptEnabled: bool(true),
  SensitiveWords: str('test_sensitive'),
  // Logs and export
  LogConsumeEnabled: bool(true),
  DataExportEnabled: bool(true),
  DataExportInterval: num(5, 1),
  DataExportDefaultTime: choice('hour', ['hour', 'day', 'week']),
  // Monitoring
  ChannelDisableThreshold: num(5),
  QuotaRemindThreshold: num(1000),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  AutomaticDisableKeywords: str(
    [
      'Your credit balance is too low',
      'This organization has been disabled.',
      'You exceeded your current quota',
      'Permission denied',
      'The security token included in the request is invalid',
      'Operation not allowed',
      'Your account is not authorized',
    ].join('\n'),
  ),
  // Background jobs and notifications (issue 21)
  /** Upstream statuses that disable a channel: codes and ranges, e.g. "401,403,500-599". */
  AutomaticDisableStatusCodes: str('401'),
  CheckSensitiveOnCompletionEnabled: bool(false),
  StopOnSensitiveEnabled: bool(true),
  /** Minutes between scheduled channel tests; 0 turns them off (CHANNEL_TEST_FREQUENCY overrides). */
  ChannelTestFrequency: num(0),
  /** 'all' tests every enabled and auto-disabled channel; 'recovery' only auto-disabled ones and never disables. */
  ChannelTestMode: choice('all', ['all', 'recovery']),
  /** Minutes between balance refreshes of enabled channels; 0 turns them off (CHANNEL_UPDATE_FREQUENCY overrides). */
  ChannelUpdateFrequency: num(0),
  /** Minutes between checks of the upstream model lists of channels that have checking on; 0 turns them off. */
  ChannelModelUpdateFrequency: num(0),
  /** Days of logs kept; 0 keeps them forever (LOG_RETENTION_DAYS overrides). */
  LogRetentionDays: num(0),
  /** Lets notification webhooks reach loopback and private addresses (off: refused). */
  WebhookInternalAddressEnabled: bool(false),
  // Quota
  QuotaForNewUser: num(0),
  PreConsumedQuota: num(500),
  QuotaForInviter: num(0),
  QuotaForInvitee: num(0),
  // JSON-valued
  // Only {key} and {address}: every console fills those (the reference's own April 2025 console included).
  Chats: json([
    { 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
    {
      'Lobe Chat':
        'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
    },
    { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
  ]),
  GroupRatio: json({ default: 1, vip: 1, svip: 1 }),
  UserUsableGroups: json({ default: '默认分组', vip: 'vip分组' }),
  AudioRatio: json(defaultAudioRatio),
  AudioCompletionRatio: json(defaultAudioCompletionRatio),
  ModelPrice: json(defaultModelPrice),
  ModelRatio: json(defaultModelRatio),
  CompletionRatio: json(defaultCompletionRatio),
  CacheRatio: json(defaultCacheRatio),
  CreateCacheRatio: json(defaultCreateCacheRatio),
  // Third-party endpoints (real defaults; tests point them at fake servers on 127.0.0.1)
  GitHubTokenEndpoint: str('https://github.com/login/oauth/access_token'),
  GitHubUserEndpoint: str('https://api.github.com/user'),
  LinuxDOTokenEndpoint: str('https://connect.linux.do/oauth2/token'),
  LinuxDOUserEndpoint: str('https://connect.linux.do/api/user'),
  LinuxDOMinimumTrustLevel: num(0),
  TurnstileVerifyEndpoint: str('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  // OIDC sign-in, Claude and Gemini adapters, pass-through (issue #16; the reference's dotted keys, reference notes §6.2)
  // Daily check-in: a random reward in [min_quota, max_quota] quota units, once per day
  'checkin_setting.enabled': bool(false),
  'checkin_setting.min_quota': whole(1000),
  'checkin_setting.max_quota': whole(10000),
  'oidc.enabled': bool(false),
  'oidc.client_id': str(),
  'oidc.client_secret': str(),
  'oidc.well_known': url(),
  'oidc.authorization_endpoint': url(),
  'oidc.token_endpoint': url(),
  'oidc.user_info_endpoint': url(),
  'claude.model_headers_settings': json({}, 'model-header-map'),
  'claude.default_max_tokens': json({ default: 8192 }, 'model-token-map'),
  'claude.thinking_adapter_enabled': bool(true),
  'claude.thinking_adapter_budget_tokens_percentage': num(0.8, 0.01, 1),
  'gemini.safety_settings': json({ default: 'OFF' }, 'model-safety-map'),
  'gemini.version_settings': json({ default: 'v1beta', 'gemini-1.0-pro': 'v1' }, 'model-version-map'),
  'global.pass_through_request_enabled': bool(false),
  // Keys the reference console saves (issue 16). The model request rate limit is enforced by the
  // operations work; ModelRequestRateLimitGroup maps a group to [total count, success count].
  ModelRequestRateLimitEnabled: bool(false),
  ModelRequestRateLimitDurationMinutes: whole(1, 1),
  ModelRequestRateLimitCount: whole(0),
  ModelRequestRateLimitSuccessCount: whole(1000, 1),
  ModelRequestRateLimitGroup: groupLimits(),
  SelfUseModeEnabled: bool(false),
  'general_setting.docs_link': str(),
  StreamCacheQueueLength: whole(0),
  // Channel affinity (issue 37): sticky routing for prompt caches; the rules default to the two built-in ones.
  'channel_affinity_setting.enabled': bool(true),
  'channel_affinity_setting.switch_on_success': bool(true),
  'channel_affinity_setting.keep_on_channel_disabled': bool(false),
  'channel_affinity_setting.max_entries': { ...whole(100_000, 1), max: 1_000_000 },
  'channel_affinity_setting.default_ttl_seconds': { ...whole(3600, 1), max: 30 * 24 * 3600 },
  'channel_affinity_setting.rules': json([codexCliRule(), claudeCliRule()], 'affinity-rules'),
  // Passkeys (issue 35; the reference's relying-party settings) and whole token keys in lists (off: lists mask them)
  'passkey.enabled': bool(false),
  'passkey.rp_display_name': str(),
  'passkey.rp_id': str(),
  'passkey.origins': str(),
  'passkey.allow_insecure_origin': bool(false),
  'passkey.user_verification': choice('preferred', ['required', 'preferred', 'discouraged']),
  'passkey.attachment_preference': choice('', ['', 'platform', 'cross-platform']),
  TokenKeysInListsEnabled: bool(false),
  // Operations limits (issue 22): tokens per minute of every user in a group, e.g. {"default": 100000}.
  GroupTpmLimit: json({}),
} satisfies Record<string, OptionDefinition>;

export type OptionKey = keyof typeof optionCatalogue;
export const optionKeys = Object.keys(optionCatalogue) as OptionKey[];

export const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(optionCatalogue, key);

/** Keys never returned by `GET /api/option/` (secrets; dotted keys spell theirs `*.client_secret`, `*.api_key`). */
export const isSecretOptionKey = (key: string): boolean => /(Token|Secret|Key|secret|api_key)$/.test(key);
