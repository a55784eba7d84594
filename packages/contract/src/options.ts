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
export type JsonShape = 'number-map' | 'text-map' | 'chat-list';

export interface OptionDefinition {
  kind: OptionKind;
  default: string;
  /** JSON options: the shape the parsed value must have. */
  shape?: JsonShape;
  /** Number options: the least value allowed. */
  min?: number;
  /** String options: the only values allowed. */
  choices?: readonly string[];
}

const bool = (value: boolean): OptionDefinition => ({ kind: 'boolean', default: String(value) });
const num = (value: number, min = 0): OptionDefinition => ({ kind: 'number', default: String(value), min });
const str = (value = ''): OptionDefinition => ({ kind: 'string', default: value });
const choice = (value: string, choices: readonly string[]): OptionDefinition => ({ kind: 'string', default: value, choices });
const shapeOf = (value: unknown): JsonShape => {
  if (Array.isArray(value)) return 'chat-list';
  const values = Object.values(value as Record<string, unknown>);
  return values.length > 0 && values.every((item) => typeof item === 'string') ? 'text-map' : 'number-map';
};
/** A JSON option; its shape follows its default (a list of chats, a map of texts, or a map of numbers). */
const json = (value: unknown): OptionDefinition => ({ kind: 'json', default: JSON.stringify(value), shape: shapeOf(value) });

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
  Price: num(7.3),
  MinTopUp: num(1),
  TopupGroupRatio: json({ default: 1, vip: 1, svip: 1 }),
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
  ChatLink: str(),
  ChatLink2: str(),
  QuotaPerUnit: num(500000),
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
  // Quota
  QuotaForNewUser: num(0),
  PreConsumedQuota: num(500),
  QuotaForInviter: num(0),
  QuotaForInvitee: num(0),
  // JSON-valued
  Chats: json([
    { 'Cherry Studio': 'cherrystudio://providers/api-keys?v=1&data={cherryConfig}' },
    { 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
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
} satisfies Record<string, OptionDefinition>;

export type OptionKey = keyof typeof optionCatalogue;
export const optionKeys = Object.keys(optionCatalogue) as OptionKey[];

export const isOptionKey = (key: string): key is OptionKey => Object.hasOwn(optionCatalogue, key);

/** Keys never returned by `GET /api/option/` (secrets). */
export const isSecretOptionKey = (key: string): boolean => /(Token|Secret|Key)$/.test(key);
