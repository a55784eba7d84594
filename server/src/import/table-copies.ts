import {
  isOptionKey,
  normaliseOptionValue,
  NEVER_EXPIRES,
  optionValueProblem,
  TokenStatus,
} from '@switchboard/contract';
import type { LOG_COLUMNS } from '../ledger/log-insert';
import {
  keep,
  readSameNamed,
  sameNamedCopy,
  sameTableById,
  type ColumnReader,
  type SameNamedColumns,
  type TableCopy,
} from './table-copy';
import { midjourneys, tasks } from './task-table-copies';
import { modelMetas, prefillGroups, vendors } from './metadata-table-copies';
import {
  flag,
  groupName,
  integer,
  integerOr,
  text,
  textOrNull,
  unixSecondsOrNull,
  type SourceRow,
} from './value-readers';

const userColumns = {
  id: integer,
  username: text,
  display_name: text,
  password: text,
  github_id: text,
  oidc_id: text,
  wechat_id: text,
  telegram_id: text,
  linux_do_id: text,
  email: text,
  quota: integer,
  used_quota: integer,
  request_count: integer,
  group: groupName,
  role: integerOr(1),
  status: integerOr(1),
  access_token: textOrNull,
  aff_code: textOrNull,
  aff_count: integer,
  aff_quota: integer,
  inviter_id: integer,
  setting: (value: unknown) => text(value) || '{}',
  created_at: integer,
  deleted_at: unixSecondsOrNull,
} satisfies SameNamedColumns;

const users: TableCopy = {
  ...sameTableById('users'),
  carried: [...Object.keys(userColumns), 'aff_history'],
  map: (row) => keep({ ...readSameNamed(row, userColumns), aff_history_quota: integer(row.aff_history) }),
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

const tokenColumns = {
  id: integer,
  user_id: integer,
  name: text,
  created_time: integer,
  accessed_time: integer,
  remain_quota: integer,
  unlimited_quota: flag,
  model_limits_enabled: flag,
  model_limits: text,
  allow_ips: text,
  used_quota: integer,
  group: text,
  deleted_at: unixSecondsOrNull,
} satisfies SameNamedColumns;

const tokens: TableCopy = {
  ...sameTableById('tokens'),
  carried: [...Object.keys(tokenColumns), 'key', 'status', 'expired_time'],
  map: (row, { nowSeconds }) => {
    const key = text(row.key).replace(/^sk-/, '');
    if (key === '' || key.length > TOKEN_KEY_LENGTH)
      return { skip: `token ${text(row.id)}: a key of ${key.length} characters` };
    return keep({ ...readSameNamed(row, tokenColumns), key, ...tokenState(row, nowSeconds) });
  },
};

const channelColumns = {
  id: integer,
  type: integerOr(1),
  key: text,
  test_model: text,
  status: integerOr(1),
  name: text,
  weight: integer,
  created_time: integer,
  test_time: integer,
  response_time: integer,
  base_url: text,
  other: text,
  balance: (value: unknown) => Number(value ?? 0) || 0,
  balance_updated_time: integer,
  models: text,
  group: groupName,
  used_quota: integer,
  model_mapping: text,
  status_code_mapping: text,
  priority: integer,
  auto_ban: integerOr(1),
  other_info: text,
  tag: textOrNull,
  setting: text,
  param_override: text,
  header_override: text,
  remark: text,
  // A multi-key channel's mode and key statuses (issue 37), as the reference wrote them.
  channel_info: textOrNull,
} satisfies SameNamedColumns;

const channels: TableCopy = {
  ...sameTableById('channels'),
  carried: [...Object.keys(channelColumns), 'open_ai_organization', 'openai_organization'],
  map: (row) =>
    keep({
      ...readSameNamed(row, channelColumns),
      // The reference's ORM names the column open_ai_organization; older copies spell it openai_organization.
      openai_organization: text(row.open_ai_organization ?? row.openai_organization),
    }),
};

const abilities = sameNamedCopy(
  'abilities',
  {
    group: text,
    model: text,
    channel_id: integer,
    enabled: flag,
    priority: integer,
    weight: integer,
    tag: textOrNull,
  },
  ['group', 'model', 'channel_id'],
);

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

const redemptionColumns = {
  id: integer,
  user_id: integer,
  key: text,
  status: integerOr(1),
  name: text,
  quota: integer,
  created_time: integer,
  redeemed_time: integer,
  used_user_id: integer,
} satisfies SameNamedColumns;

const redemptions: TableCopy = {
  ...sameTableById('redemptions'),
  carried: [...Object.keys(redemptionColumns), 'deleted_at'],
  map: (row) => {
    if (unixSecondsOrNull(row.deleted_at) !== null) return { skip: `redemption ${text(row.id)}: deleted` };
    return keep(readSameNamed(row, redemptionColumns));
  },
};

/** Every column of a log row (as the ledger writes them) but its channel's name, which the reference's rows may lack. */
const logColumns = {
  id: integer,
  user_id: integer,
  created_at: integer,
  type: integer,
  content: text,
  username: text,
  token_name: text,
  token_id: integer,
  model_name: text,
  quota: integer,
  prompt_tokens: integer,
  completion_tokens: integer,
  use_time: integer,
  is_stream: flag,
  channel_id: integer,
  group: text,
  ip: text,
  request_id: text,
  other: text,
} satisfies SameNamedColumns & Record<Exclude<(typeof LOG_COLUMNS)[number], 'channel_name'>, ColumnReader>;

const logs: TableCopy = {
  ...sameTableById('logs'),
  carried: [...Object.keys(logColumns), 'channel_name'],
  map: (row, { channelNames }) =>
    keep({
      ...readSameNamed(row, logColumns),
      // The reference joins the channel's name when it lists logs; Switchboard keeps it on the row.
      channel_name: text(row.channel_name) || (channelNames.get(integer(row.channel_id)) ?? ''),
    }),
};

const quotaData = sameNamedCopy('quota_data', {
  id: integer,
  user_id: integer,
  username: text,
  model_name: text,
  created_at: integer,
  token_used: integer,
  count: integer,
  quota: integer,
});

const topUps = sameNamedCopy('top_ups', {
  id: integer,
  user_id: integer,
  amount: integer,
  money: (value: unknown) => Number(value ?? 0) || 0,
  trade_no: text,
  payment_method: text,
  create_time: integer,
  complete_time: integer,
  status: text,
});

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
