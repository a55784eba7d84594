import {
  AZURE_DEFAULT_API_VERSION,
  CHANNEL_PRIORITY_MINIMUM,
  ChannelType,
  DEFAULT_CHANNEL_GROUP,
  channelTypeName,
  isKnownChannelType,
  isRelayableChannelType,
  splitCommaList,
  XUNFEI_DEFAULT_MODEL_VERSION,
  channelAddModes,
  type ChannelCreateRequest,
  type ChannelUpdateRequest,
} from '@switchboard/contract';
import type { Updateable } from 'kysely';
import type { ChannelsTable } from '../../db/tables/channels';
import { AppError, refuse } from '../../platform/errors';
import { fill, type Text } from '../../platform/text';
import type { ChannelRow } from './channel-view';
import { joinKeys, parseChannelInfo, splitKeys } from '../../domain/multi-key';
import { multiKeyChanges, newMultiKeyInfo } from './multi-key-edit';
import { messages } from '../../platform/i18n/catalogue';

/** Lengths of the abilities key columns (reference notes §2.1). */
const GROUP_NAME_MAXIMUM = 64;
const MODEL_NAME_MAXIMUM = 255;

/** Present means neither undefined nor null; an empty text is present (it may mean "clear"). */
const present = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** Parses an integer given as a number or as the text of an input; empty text counts as not given. */
export function parseInteger(value: number | string | null | undefined, message: Text): number | undefined {
  if (!present(value) || (typeof value === 'string' && value.trim() === '')) return undefined;
  const number = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isSafeInteger(number)) refuse(message);
  return number;
}

export function parsePriority(value: number | string | null | undefined): number | undefined {
  const priority = parseInteger(value, messages.channel.priorityNotInteger);
  if (priority !== undefined && priority < CHANNEL_PRIORITY_MINIMUM) refuse(messages.channel.priorityTooLow);
  return priority;
}

/** A whole number of 0 or more (a weight, a cap where 0 means none); empty text counts as not given. */
export function parseWholeNumber(value: number | string | null | undefined, message: Text): number | undefined {
  const number = parseInteger(value, message);
  if (number !== undefined && number < 0) refuse(message);
  return number;
}

export const parseWeight = (value: number | string | null | undefined) =>
  parseWholeNumber(value, messages.channel.weightInvalid);

/** Empty text is allowed (nothing configured); anything else must be a JSON object. */
export function checkJsonObject(text: string, message: Text): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) refuse(message);
  } catch (error) {
    if (error instanceof AppError) throw error;
    refuse(message);
  }
  return trimmed;
}

/** Models or groups as a comma string: trimmed, without repeats, each short enough for the abilities key. */
function normaliseList(text: string, maximum: number, message: Text): string[] {
  const entries = splitCommaList(text);
  const tooLong = entries.find((entry) => entry.length > maximum);
  if (tooLong) refuse(fill(message, { value: tooLong }));
  return entries;
}

export const normaliseModels = (text: string) =>
  normaliseList(text, MODEL_NAME_MAXIMUM, messages.channel.modelNameTooLong);

export function normaliseGroups(text: string): string {
  const groups = normaliseList(text, GROUP_NAME_MAXIMUM, messages.channel.groupNameTooLong);
  return groups.length > 0 ? groups.join(',') : DEFAULT_CHANNEL_GROUP;
}

/** A trailing slash on the base URL is removed (spec 001 §5). */
export const normaliseBaseUrl = (text: string): string => text.trim().replace(/\/+$/, '');

/** Type 3 defaults its API version, type 18 its model version (spec 001 §5). */
export function defaultOther(type: number, other: string): string {
  const trimmed = other.trim();
  if (trimmed) return trimmed;
  if (type === ChannelType.Azure) return AZURE_DEFAULT_API_VERSION;
  if (type === ChannelType.Xunfei) return XUNFEI_DEFAULT_MODEL_VERSION;
  return '';
}

/**
 * A known type; a create, or an edit that names the type (the editor always does), must also name a
 * type Switchboard can relay. Edits that leave the type out (status, priority, tag) stay possible.
 */
function checkType(type: number, named: boolean): number {
  if (!isKnownChannelType(type)) refuse(fill(messages.channel.unknownType, { type }));
  if (named && !isRelayableChannelType(type))
    refuse(fill(messages.channel.typeNotRelayable, { name: channelTypeName(type) }));
  return type;
}

const jsonFields = [
  ['model_mapping', messages.channel.modelMappingInvalid],
  ['status_code_mapping', messages.channel.statusCodeMappingInvalid],
  ['setting', fill(messages.channel.jsonFieldInvalid, { field: 'setting' })],
  ['param_override', fill(messages.channel.jsonFieldInvalid, { field: 'param_override' })],
  ['header_override', fill(messages.channel.jsonFieldInvalid, { field: 'header_override' })],
] as const;

/**
 * The columns a create or an update sets, validated and normalised. On create every column gets a
 * value; on update only the fields the caller sent (an empty key keeps the stored one).
 */
function channelColumns(
  request: ChannelCreateRequest | ChannelUpdateRequest,
  existing: ChannelRow | null,
): Updateable<ChannelsTable> {
  const values: Updateable<ChannelsTable> = {};
  const type = checkType(request.type ?? existing?.type ?? ChannelType.OpenAI, !existing || present(request.type));
  if (!existing || type !== existing.type) values.type = type;
  if (present(request.name)) values.name = request.name.trim() || refuse(messages.channel.nameRequired);
  if (present(request.models)) {
    const models = normaliseModels(request.models);
    if (models.length === 0) refuse(messages.channel.modelsRequired);
    values.models = models.join(',');
  }
  if (present(request.group) || !existing) values.group = normaliseGroups(request.group ?? '');
  for (const [field, message] of jsonFields) {
    const text = request[field];
    if (present(text) || !existing) values[field] = checkJsonObject(text ?? '', message);
  }
  if (present(request.base_url) || !existing) values.base_url = normaliseBaseUrl(request.base_url ?? '');
  if (present(request.other) || !existing || values.type !== undefined) {
    const other = defaultOther(type, request.other ?? existing?.other ?? '');
    if (other !== existing?.other) values.other = other;
  }
  const priority = parsePriority(request.priority);
  if (priority !== undefined || !existing) values.priority = priority ?? 0;
  const weight = parseWeight(request.weight);
  if (weight !== undefined || !existing) values.weight = weight ?? 0;
  const maxConcurrency = parseWholeNumber(request.max_concurrency, messages.channel.maxConcurrencyInvalid);
  if (maxConcurrency !== undefined || !existing) values.max_concurrency = maxConcurrency ?? 0;
  const dailyTokenLimit = parseWholeNumber(request.daily_token_limit, messages.channel.dailyTokenLimitInvalid);
  if (dailyTokenLimit !== undefined || !existing) values.daily_token_limit = dailyTokenLimit ?? 0;
  if (present(request.tag) || !existing) values.tag = request.tag?.trim() || null;
  if (present(request.test_model) || !existing) values.test_model = request.test_model?.trim() ?? '';
  if (present(request.openai_organization) || !existing)
    values.openai_organization = request.openai_organization?.trim() ?? '';
  if (present(request.remark) || !existing) values.remark = request.remark?.trim() ?? '';
  if (present(request.auto_ban) || !existing) values.auto_ban = request.auto_ban ?? 1;
  if (present(request.status) || !existing) values.status = request.status ?? 1;
  return values;
}

/** One channel a create makes: its key, name and multi-key state (null on a one-key channel). */
export interface NewChannel {
  key: string;
  name: string;
  channel_info: string | null;
}

/**
 * Validates a create. `single` (or no mode): one channel with the key as given; `batch`: one channel
 * per key line (or Vertex JSON element), named with " " and the key's first 8 characters when asked and
 * there is more than one; `multi_to_single`: one multi-key channel holding every key (spec 001 §2, issue 37).
 */
export function validateNewChannel(request: ChannelCreateRequest): {
  columns: Updateable<ChannelsTable>;
  channels: NewChannel[];
} {
  const name = request.name?.trim() ?? '';
  const key = request.key?.trim() ?? '';
  const mode = request.mode || 'single';
  if (!(channelAddModes as readonly string[]).includes(mode))
    refuse(fill(messages.channel.unsupportedAddMode, { mode }));
  if (!name || !key) refuse(messages.channel.nameAndKeyRequired);
  if (!present(request.models) || normaliseModels(request.models).length === 0) refuse(messages.channel.modelsRequired);
  const columns = channelColumns(request, null);
  const type = columns.type ?? ChannelType.OpenAI;
  if (mode === 'single') return { columns, channels: [{ key, name, channel_info: null }] };
  const keys = splitKeys(type, key);
  if (keys.length === 0) refuse(messages.channel.nameAndKeyRequired);
  if (mode === 'multi_to_single') {
    return {
      columns,
      channels: [
        {
          key: joinKeys(keys),
          name,
          channel_info: JSON.stringify(newMultiKeyInfo(keys.length, request.multi_key_mode ?? 'random')),
        },
      ],
    };
  }
  const prefixed = request.batch_add_set_key_prefix_2_name === true && keys.length > 1;
  return {
    columns,
    channels: keys.map((each) => ({
      key: each,
      name: prefixed ? `${name} ${each.slice(0, 8)}` : name,
      channel_info: null,
    })),
  };
}

/** Validates an update against the stored channel; answers only what changes. */
export function validateChannelChanges(existing: ChannelRow, request: ChannelUpdateRequest): Updateable<ChannelsTable> {
  const columns = channelColumns(request, existing);
  const key = request.key?.trim();
  const info = parseChannelInfo(existing.channel_info);
  if (!info.is_multi_key) {
    if (key) columns.key = key;
    return columns;
  }
  return { ...columns, ...multiKeyChanges(existing, info, request, columns.type ?? existing.type) };
}

/** Batch keys: one per line; a Vertex AI batch may instead be a JSON array of service-account keys. */
export { splitKeys } from '../../domain/multi-key';
