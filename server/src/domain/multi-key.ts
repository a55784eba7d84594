import { ChannelType, KeyStatus, type ChannelInfo } from '@switchboard/contract';

export { KeyStatus, type ChannelInfo, type MultiKeyMode } from '@switchboard/contract';

const emptyInfo = (): ChannelInfo => ({
  is_multi_key: false,
  multi_key_size: 0,
  multi_key_polling_index: 0,
  multi_key_mode: 'random',
});

function numberMap(value: unknown): Record<string, number> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, number] => /^\d+$/.test(entry[0]) && Number.isInteger(entry[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function textMap(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => /^\d+$/.test(entry[0]) && typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Reads `channel_info` leniently: null, '' or unreadable text is a one-key channel. */
export function parseChannelInfo(text: string | null | undefined): ChannelInfo {
  if (!text) return emptyInfo();
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return emptyInfo();
    value = parsed as Record<string, unknown>;
  } catch {
    return emptyInfo();
  }
  const info: ChannelInfo = {
    is_multi_key: value.is_multi_key === true,
    multi_key_size: Number.isInteger(value.multi_key_size) ? (value.multi_key_size as number) : 0,
    multi_key_polling_index: Number.isInteger(value.multi_key_polling_index)
      ? (value.multi_key_polling_index as number)
      : 0,
    multi_key_mode: value.multi_key_mode === 'polling' ? 'polling' : 'random',
  };
  const statuses = numberMap(value.multi_key_status_list);
  const reasons = textMap(value.multi_key_disabled_reason);
  const times = numberMap(value.multi_key_disabled_time);
  if (statuses) info.multi_key_status_list = statuses;
  if (reasons) info.multi_key_disabled_reason = reasons;
  if (times) info.multi_key_disabled_time = times;
  return info;
}

/**
 * The keys of a multi-key channel's stored text, in index order: one per line, trimmed, blanks dropped;
 * on a Vertex AI channel a JSON array of service-account keys gives one key per element.
 */
export function storedKeys(type: number, text: string): string[] {
  const trimmed = text.trim();
  if (type === ChannelType.VertexAI && trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed))
        return parsed
          .map((entry) => (typeof entry === 'string' ? entry.trim() : JSON.stringify(entry)))
          .filter(Boolean);
    } catch {
      // not a JSON array: one key per line, like every other type
    }
  }
  return trimmed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Keys as entered (create, append, replace): as storedKeys, without repeats. */
export const splitKeys = (type: number, text: string): string[] => [...new Set(storedKeys(type, text))];

/** A key's status: 1 enabled, 2 disabled by hand, 3 disabled automatically. */
export const keyStatus = (info: ChannelInfo, index: number): number =>
  info.multi_key_status_list?.[String(index)] ?? KeyStatus.Enabled;

/** The indexes of the enabled keys among `size`. */
export function enabledIndexes(info: ChannelInfo, size: number): number[] {
  const indexes: number[] = [];
  for (let index = 0; index < size; index += 1) if (keyStatus(info, index) === KeyStatus.Enabled) indexes.push(index);
  return indexes;
}

/** The info for a key list of `size`: the size recomputed, statuses at indexes past the end dropped. */
export function resized(info: ChannelInfo, size: number): ChannelInfo {
  const keep = <T>(map: Record<string, T> | undefined) => {
    if (!map) return undefined;
    const entries = Object.entries(map).filter(([index]) => Number(index) < size);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  };
  return withMaps(
    { ...info, multi_key_size: size },
    keep(info.multi_key_status_list),
    keep(info.multi_key_disabled_reason),
    keep(info.multi_key_disabled_time),
  );
}

function withMaps(
  info: ChannelInfo,
  statuses: Record<string, number> | undefined,
  reasons: Record<string, string> | undefined,
  times: Record<string, number> | undefined,
): ChannelInfo {
  const {
    multi_key_status_list: _statuses,
    multi_key_disabled_reason: _reasons,
    multi_key_disabled_time: _times,
    ...rest
  } = info;
  return {
    ...rest,
    ...(statuses && Object.keys(statuses).length > 0 ? { multi_key_status_list: statuses } : {}),
    ...(reasons && Object.keys(reasons).length > 0 ? { multi_key_disabled_reason: reasons } : {}),
    ...(times && Object.keys(times).length > 0 ? { multi_key_disabled_time: times } : {}),
  };
}

/** Sets a key's status; `reason` and `time` are kept for automatic disabling only. */
export function withKeyStatus(
  info: ChannelInfo,
  index: number,
  status: number,
  reason?: string,
  time?: number,
): ChannelInfo {
  const at = String(index);
  const statuses = { ...info.multi_key_status_list };
  const reasons = { ...info.multi_key_disabled_reason };
  const times = { ...info.multi_key_disabled_time };
  if (status === KeyStatus.Enabled) {
    delete statuses[at];
    delete reasons[at];
    delete times[at];
  } else {
    statuses[at] = status;
    if (reason !== undefined) reasons[at] = reason;
    if (time !== undefined) times[at] = time;
  }
  return withMaps(info, statuses, reasons, times);
}

/** Every key enabled again. */
export const allEnabled = (info: ChannelInfo): ChannelInfo => withMaps(info, undefined, undefined, undefined);

/** The info once the keys at `removed` are deleted: later keys move down and take their statuses with them. */
export function withoutIndexes(info: ChannelInfo, removed: ReadonlySet<number>, size: number): ChannelInfo {
  const statuses: Record<string, number> = {};
  const reasons: Record<string, string> = {};
  const times: Record<string, number> = {};
  let next = 0;
  for (let index = 0; index < size; index += 1) {
    if (removed.has(index)) continue;
    const from = String(index);
    const to = String(next);
    const status = info.multi_key_status_list?.[from];
    const reason = info.multi_key_disabled_reason?.[from];
    const time = info.multi_key_disabled_time?.[from];
    if (status !== undefined) statuses[to] = status;
    if (reason !== undefined) reasons[to] = reason;
    if (time !== undefined) times[to] = time;
    next += 1;
  }
  return withMaps({ ...info, multi_key_size: next, multi_key_polling_index: 0 }, statuses, reasons, times);
}

/** The stored form of a multi-key channel's keys: one per line. */
export const joinKeys = (keys: string[]): string => keys.join('\n');
