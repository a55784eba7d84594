import { ADMIN_ONLY_OTHER_KEYS, type LogView } from '@switchboard/contract';
import { toBoolean, toNumber } from '../../db/dialect';
import type { LogRow } from './repository';

/** An entry as administrators see it: every column, the channel id under the name `channel`. */
export function adminLogView(row: LogRow): LogView {
  return {
    id: toNumber(row.id),
    user_id: toNumber(row.user_id),
    created_at: toNumber(row.created_at),
    type: toNumber(row.type),
    content: row.content,
    username: row.username,
    token_name: row.token_name,
    token_id: toNumber(row.token_id),
    model_name: row.model_name,
    quota: toNumber(row.quota),
    prompt_tokens: toNumber(row.prompt_tokens),
    completion_tokens: toNumber(row.completion_tokens),
    use_time: toNumber(row.use_time),
    is_stream: toBoolean(row.is_stream),
    channel: toNumber(row.channel_id),
    channel_name: row.channel_name,
    group: row.group,
    ip: row.ip,
    request_id: row.request_id,
    other: row.other,
  };
}

/** `other` without the keys only administrators see; text that is not a JSON object is left as it is. */
export function withoutAdminDetails(other: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(other);
  } catch {
    return other;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return other;
  const kept = Object.entries(parsed).filter(([key]) => !(ADMIN_ONLY_OTHER_KEYS as readonly string[]).includes(key));
  return JSON.stringify(Object.fromEntries(kept));
}

/** An entry as its owner sees it: no channel, no channels tried, no administrator notes. */
export function selfLogView(row: LogRow): LogView {
  const view = adminLogView(row);
  return { ...view, channel: 0, channel_name: '', other: withoutAdminDetails(view.other) };
}
