import {
  isOptionKey,
  normaliseOptionValue,
  NEVER_EXPIRES,
  optionValueProblem,
  TokenStatus,
} from '@switchboard/contract';
import { keep, sameTableById, type TableCopy } from './table-copy';
import { midjourneys, tasks } from './task-table-copies';
import { modelMetas, prefillGroups, vendors } from './metadata-table-copies';
import { flag, integer, text, textOrNull, unixSecondsOrNull, type SourceRow } from './value-readers';

const users: TableCopy = {
  ...sameTableById('users'),
  carried: [
    'id',
    'username',
    'display_name',
    'password',
    'github_id',
    'oidc_id',
    'wechat_id',
    'telegram_id',
    'linux_do_id',
    'email',
    'quota',
    'used_quota',
    'request_count',
    'group',
    'role',
    'status',
    'access_token',
    'aff_code',
    'aff_count',
    'aff_quota',
    'aff_history',
    'inviter_id',
    'setting',
    'created_at',
    'deleted_at',
  ],
  map: (row) =>
    keep({
      id: integer(row.id),
      username: text(row.username),
      display_name: text(row.display_name),
      password: text(row.password),
      github_id: text(row.github_id),
      oidc_id: text(row.oidc_id),
      wechat_id: text(row.wechat_id),
      telegram_id: text(row.telegram_id),
      linux_do_id: text(row.linux_do_id),
      email: text(row.email),
      quota: integer(row.quota),
      used_quota: integer(row.used_quota),
      request_count: integer(row.request_count),
      group: text(row.group, 'default') || 'default',
      role: integer(row.role, 1),
      status: integer(row.status, 1),
      access_token: textOrNull(row.access_token),
      aff_code: textOrNull(row.aff_code),
      aff_count: integer(row.aff_count),
      aff_quota: integer(row.aff_quota),
      aff_history_quota: integer(row.aff_history),
      inviter_id: integer(row.inviter_id),
      setting: text(row.setting) || '{}',
      created_at: integer(row.created_at),
      deleted_at: unixSecondsOrNull(row.deleted_at),
    }),
};

/** Switchboard's `tokens.key` column is varchar(64); the reference generates 48 characters. */
const TOKEN_KEY_LENGTH = 64;

/**
 * Switchboard stores 1 (enabled) and 2 (disabled) and derives expired (3) and exhausted (4) from the
 * expiry and the quota. The reference stores 3 and 4 too, and refuses such a token whatever its
 * expiry and quota say now: an expired one keeps an expiry in the past (the import's start when it
 * had none or a later one), an exhausted one that has quota again stays refused as disabled.
 */
function tokenState(row: SourceRow, nowSeconds: number): { status: number; expired_time: number } {
  const status = integer(row.status, TokenStatus.Enabled);
  const expiredTime = integer(row.expired_time, NEVER_EXPIRES);
  if (status === TokenStatus.Expired) {
    const past = expiredTime !== NEVER_EXPIRES && expiredTime < nowSeconds;
    return { status: TokenStatus.Enabled, expired_time: past ? expiredTime : nowSeconds };
  }
  if (status === TokenStatus.Exhausted) {
    const usedUp = !flag(row.unlimited_quota) && integer(row.remain_quota) <= 0;
    return { status: usedUp ? TokenStatus.Enabled : TokenStatus.Disabled, expired_time: expiredTime };
  }
  return { status, expired_time: expiredTime };
}

const tokens: TableCopy = {
  ...sameTableById('tokens'),
  carried: [
    'id',
    'user_id',
    'key',
    'status',
    'name',
    'created_time',
    'accessed_time',
    'expired_time',
    'remain_quota',
    'unlimited_quota',
    'model_limits_enabled',
    'model_limits',
    'allow_ips',
    'used_quota',
    'group',
    'deleted_at',
  ],
  map: (row, { nowSeconds }) => {
    const key = text(row.key).replace(/^sk-/, '');
    if (key === '' || key.length > TOKEN_KEY_LENGTH)
      return { skip: `token ${text(row.id)}: a key of ${key.length} characters` };
    return keep({
      id: integer(row.id),
      user_id: integer(row.user_id),
      key,
      ...tokenState(row, nowSeconds),
      name: text(row.name),
      created_time: integer(row.created_time),
      accessed_time: integer(row.accessed_time),
      remain_quota: integer(row.remain_quota),
      unlimited_quota: flag(row.unlimited_quota),
      model_limits_enabled: flag(row.model_limits_enabled),
      model_limits: text(row.model_limits),
      allow_ips: text(row.allow_ips),
      used_quota: integer(row.used_quota),
      group: text(row.group),
      deleted_at: unixSecondsOrNull(row.deleted_at),
    });
  },
};

const channels: TableCopy = {
  ...sameTableById('channels'),
  carried: [
    'id',
    'type',
    'key',
    'open_ai_organization',
    'openai_organization',
    'test_model',
    'status',
    'name',
    'weight',
    'created_time',
    'test_time',
    'response_time',
    'base_url',
    'other',
    'balance',
    'balance_updated_time',
    'models',
    'group',
    'used_quota',
    'model_mapping',
    'status_code_mapping',
    'priority',
    'auto_ban',
    'other_info',
    'tag',
    'setting',
    'param_override',
    'header_override',
    'remark',
    'channel_info',
  ],
  map: (row) =>
    keep({
      id: integer(row.id),
      type: integer(row.type, 1),
      key: text(row.key),
      // The reference's ORM names the column open_ai_organization; older copies spell it openai_organization.
      openai_organization: text(row.open_ai_organization ?? row.openai_organization),
      test_model: text(row.test_model),
      status: integer(row.status, 1),
      name: text(row.name),
      weight: integer(row.weight),
      created_time: integer(row.created_time),
      test_time: integer(row.test_time),
      response_time: integer(row.response_time),
      base_url: text(row.base_url),
      other: text(row.other),
      balance: Number(row.balance ?? 0) || 0,
      balance_updated_time: integer(row.balance_updated_time),
      models: text(row.models),
      group: text(row.group, 'default') || 'default',
      used_quota: integer(row.used_quota),
      model_mapping: text(row.model_mapping),
      status_code_mapping: text(row.status_code_mapping),
      priority: integer(row.priority),
      auto_ban: integer(row.auto_ban, 1),
      other_info: text(row.other_info),
      tag: textOrNull(row.tag),
      setting: text(row.setting),
      param_override: text(row.param_override),
      header_override: text(row.header_override),
      remark: text(row.remark),
      // A multi-key channel's mode and key statuses (issue 37), as the reference wrote them.
      channel_info: textOrNull(row.channel_info),
    }),
};

const abilities: TableCopy = {
  source: 'abilities',
  target: 'abilities',
  key: ['group', 'model', 'channel_id'],
  carried: ['group', 'model', 'channel_id', 'enabled', 'priority', 'weight', 'tag'],
  map: (row) =>
    keep({
      group: text(row.group),
      model: text(row.model),
      channel_id: integer(row.channel_id),
      enabled: flag(row.enabled),
      priority: integer(row.priority),
      weight: integer(row.weight),
      tag: textOrNull(row.tag),
    }),
};

const options: TableCopy = {
  source: 'options',
  target: 'options',
  key: ['key'],
  carried: ['key', 'value'],
  map: (row) => {
    const key = text(row.key);
    if (!isOptionKey(key)) return { skip: `option ${key}: not a Switchboard option` };
    const value = normaliseOptionValue(key, text(row.value));
    if (optionValueProblem(key, value)) return { skip: `option ${key}: a value Switchboard refuses` };
    return keep({ key, value });
  },
};

const redemptions: TableCopy = {
  ...sameTableById('redemptions'),
  carried: [
    'id',
    'user_id',
    'key',
    'status',
    'name',
    'quota',
    'created_time',
    'redeemed_time',
    'used_user_id',
    'deleted_at',
  ],
  map: (row) => {
    if (unixSecondsOrNull(row.deleted_at) !== null) return { skip: `redemption ${text(row.id)}: deleted` };
    return keep({
      id: integer(row.id),
      user_id: integer(row.user_id),
      key: text(row.key),
      status: integer(row.status, 1),
      name: text(row.name),
      quota: integer(row.quota),
      created_time: integer(row.created_time),
      redeemed_time: integer(row.redeemed_time),
      used_user_id: integer(row.used_user_id),
    });
  },
};

const logs: TableCopy = {
  ...sameTableById('logs'),
  carried: [
    'id',
    'user_id',
    'created_at',
    'type',
    'content',
    'username',
    'token_name',
    'token_id',
    'model_name',
    'quota',
    'prompt_tokens',
    'completion_tokens',
    'use_time',
    'is_stream',
    'channel_id',
    'channel_name',
    'group',
    'ip',
    'request_id',
    'other',
  ],
  map: (row, { channelNames }) =>
    keep({
      id: integer(row.id),
      user_id: integer(row.user_id),
      created_at: integer(row.created_at),
      type: integer(row.type),
      content: text(row.content),
      username: text(row.username),
      token_name: text(row.token_name),
      token_id: integer(row.token_id),
      model_name: text(row.model_name),
      quota: integer(row.quota),
      prompt_tokens: integer(row.prompt_tokens),
      completion_tokens: integer(row.completion_tokens),
      use_time: integer(row.use_time),
      is_stream: flag(row.is_stream),
      channel_id: integer(row.channel_id),
      // The reference joins the channel's name when it lists logs; Switchboard keeps it on the row.
      channel_name: text(row.channel_name) || (channelNames.get(integer(row.channel_id)) ?? ''),
      group: text(row.group),
      ip: text(row.ip),
      request_id: text(row.request_id),
      other: text(row.other),
    }),
};

const quotaData: TableCopy = {
  ...sameTableById('quota_data'),
  carried: ['id', 'user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'],
  map: (row) =>
    keep({
      id: integer(row.id),
      user_id: integer(row.user_id),
      username: text(row.username),
      model_name: text(row.model_name),
      created_at: integer(row.created_at),
      token_used: integer(row.token_used),
      count: integer(row.count),
      quota: integer(row.quota),
    }),
};

const topUps: TableCopy = {
  ...sameTableById('top_ups'),
  carried: ['id', 'user_id', 'amount', 'money', 'trade_no', 'payment_method', 'create_time', 'complete_time', 'status'],
  map: (row) =>
    keep({
      id: integer(row.id),
      user_id: integer(row.user_id),
      amount: integer(row.amount),
      money: Number(row.money ?? 0) || 0,
      trade_no: text(row.trade_no),
      payment_method: text(row.payment_method),
      create_time: integer(row.create_time),
      complete_time: integer(row.complete_time),
      status: text(row.status),
    }),
};

/** Every table copied, in an order that keeps references meaningful (users before their tokens). */
export const tableCopies: readonly TableCopy[] = [
  users,
  tokens,
  channels,
  abilities,
  options,
  redemptions,
  topUps,
  logs,
  quotaData,
  midjourneys,
  tasks,
  vendors,
  modelMetas,
  prefillGroups,
];
