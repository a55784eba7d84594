import type { ChannelView } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import { toNumber } from '../../db/dialect';
import type { ChannelsTable } from '../../db/tables/channels';
import { parseChannelInfo } from '../../domain/multi-key';

export type ChannelRow = Selectable<ChannelsTable>;

/** Normalises driver differences (bigint as string, double as text) once, at the boundary. */
export function normaliseChannelRow(row: ChannelRow): ChannelRow {
  return {
    ...row,
    id: toNumber(row.id),
    type: toNumber(row.type),
    status: toNumber(row.status),
    weight: toNumber(row.weight),
    created_time: toNumber(row.created_time),
    test_time: toNumber(row.test_time),
    response_time: toNumber(row.response_time),
    balance: toNumber(row.balance),
    balance_updated_time: toNumber(row.balance_updated_time),
    used_quota: toNumber(row.used_quota),
    priority: toNumber(row.priority),
    auto_ban: toNumber(row.auto_ban),
    max_concurrency: toNumber(row.max_concurrency),
    daily_token_limit: toNumber(row.daily_token_limit),
  };
}

/** The channel as the console sees it: everything but the key, which only an explicit root call reads. */
export function toChannelView(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    base_url: row.base_url,
    other: row.other,
    models: row.models,
    group: row.group,
    model_mapping: row.model_mapping,
    status: row.status,
    response_time: row.response_time,
    used_quota: row.used_quota,
    balance: row.balance,
    balance_updated_time: row.balance_updated_time,
    test_time: row.test_time,
    priority: row.priority,
    weight: row.weight,
    tag: row.tag === '' ? null : row.tag,
    setting: row.setting,
    test_model: row.test_model,
    auto_ban: row.auto_ban,
    openai_organization: row.openai_organization,
    status_code_mapping: row.status_code_mapping,
    other_info: row.other_info,
    param_override: row.param_override,
    header_override: row.header_override,
    remark: row.remark,
    created_time: row.created_time,
    max_concurrency: row.max_concurrency,
    daily_token_limit: row.daily_token_limit,
    channel_info: parseChannelInfo(row.channel_info),
  };
}
