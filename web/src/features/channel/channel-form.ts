import {
  CHANNEL_PRIORITY_MINIMUM,
  CHANNEL_WEIGHT_MINIMUM,
  ChannelType,
  DEFAULT_CHANNEL_GROUP,
  splitCommaList,
  type ChannelCreateRequest,
  type ChannelView,
  type MultiKeyMode,
} from '@switchboard/contract';
import type { TFunction } from 'i18next';

/** The editor drawer's fields (spec 001 "Channel editor"), lists as lists. */
export interface ChannelFormValues {
  type: number;
  name: string;
  /** On edit, empty keeps the stored key; in batch mode one key per line. */
  key: string;
  batch: boolean;
  baseUrl: string;
  other: string;
  organization: string;
  groups: string[];
  models: string[];
  modelMapping: string;
  statusCodeMapping: string;
  setting: string;
  tag: string;
  priority: number | null;
  weight: number | null;
  testModel: string;
  autoBan: boolean;
  /** calls in flight at once; 0 or empty is no cap */
  maxConcurrency: number | null;
  /** billed tokens per day; 0 or empty is no cap */
  dailyTokenLimit: number | null;
  /** create one multi-key channel holding every key line (issue 37) */
  multiToSingle: boolean;
  multiKeyMode: MultiKeyMode;
  /** editing a multi-key channel: add the keys given, or replace them all */
  keyMode: 'append' | 'replace';
  /** keys of the stored channel when it is a multi-key one, else 0 */
  multiKeySize: number;
}

export type ChannelProblem =
  | 'nameAndKeyRequired'
  | 'nameRequired'
  | 'modelsRequired'
  | 'modelMappingInvalid'
  | 'statusCodeMappingInvalid'
  | 'settingInvalid'
  | 'priorityInvalid'
  | 'weightInvalid'
  | 'maxConcurrencyInvalid'
  | 'dailyTokenLimitInvalid';

export const emptyChannelForm = (): ChannelFormValues => ({
  type: ChannelType.OpenAI,
  name: '',
  key: '',
  batch: false,
  baseUrl: '',
  other: '',
  organization: '',
  groups: [DEFAULT_CHANNEL_GROUP],
  models: [],
  modelMapping: '',
  statusCodeMapping: '',
  setting: '',
  tag: '',
  priority: 0,
  weight: 0,
  testModel: '',
  autoBan: true,
  maxConcurrency: 0,
  dailyTokenLimit: 0,
  multiToSingle: false,
  multiKeyMode: 'random',
  keyMode: 'append',
  multiKeySize: 0,
});

/** A stored channel in the editor; its key stays on the server. */
export const channelFormOf = (channel: ChannelView): ChannelFormValues => ({
  type: channel.type,
  name: channel.name,
  key: '',
  batch: false,
  baseUrl: channel.base_url,
  other: channel.other,
  organization: channel.openai_organization,
  groups: splitCommaList(channel.group),
  models: splitCommaList(channel.models),
  modelMapping: channel.model_mapping,
  statusCodeMapping: channel.status_code_mapping,
  setting: channel.setting,
  tag: channel.tag ?? '',
  priority: channel.priority,
  weight: channel.weight,
  testModel: channel.test_model,
  autoBan: channel.auto_ban === 1,
  maxConcurrency: channel.max_concurrency,
  dailyTokenLimit: channel.daily_token_limit,
  multiToSingle: false,
  multiKeyMode: channel.channel_info?.multi_key_mode ?? 'random',
  keyMode: 'append',
  multiKeySize: channel.channel_info?.is_multi_key ? channel.channel_info.multi_key_size : 0,
});

/** Empty (no cap) or a whole number of 0 or more. */
const isCap = (value: number | null): boolean => value === null || (Number.isSafeInteger(value) && value >= 0);

/** Empty text (nothing configured) or a JSON object. */
export function isJsonObjectText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The first rule of spec 001 §5 the form breaks, or null. */
export function checkChannelForm(values: ChannelFormValues, creating: boolean): ChannelProblem | null {
  if (creating && (!values.name.trim() || !values.key.trim())) return 'nameAndKeyRequired';
  if (!values.name.trim()) return 'nameRequired';
  if (values.models.length === 0) return 'modelsRequired';
  if (!isJsonObjectText(values.modelMapping)) return 'modelMappingInvalid';
  if (!isJsonObjectText(values.statusCodeMapping)) return 'statusCodeMappingInvalid';
  if (!isJsonObjectText(values.setting)) return 'settingInvalid';
  if (values.priority !== null && (!Number.isInteger(values.priority) || values.priority < CHANNEL_PRIORITY_MINIMUM))
    return 'priorityInvalid';
  if (values.weight !== null && (!Number.isInteger(values.weight) || values.weight < CHANNEL_WEIGHT_MINIMUM))
    return 'weightInvalid';
  if (!isCap(values.maxConcurrency)) return 'maxConcurrencyInvalid';
  if (!isCap(values.dailyTokenLimit)) return 'dailyTokenLimitInvalid';
  return null;
}

export const channelProblemText = (t: TFunction, problem: ChannelProblem): string => t(`channel:validation.${problem}`);

/** The wire fields: models and groups as comma strings, a trailing slash off the base URL. */
export function channelRequestOf(values: ChannelFormValues): Omit<ChannelCreateRequest, 'mode'> {
  return {
    type: values.type,
    name: values.name.trim(),
    key: values.key.trim(),
    base_url: values.baseUrl.trim().replace(/\/+$/, ''),
    other: values.other.trim(),
    openai_organization: values.organization.trim(),
    group: values.groups.join(','),
    models: values.models.join(','),
    model_mapping: values.modelMapping.trim(),
    status_code_mapping: values.statusCodeMapping.trim(),
    setting: values.setting.trim(),
    tag: values.tag.trim(),
    priority: values.priority ?? 0,
    weight: values.weight ?? 0,
    test_model: values.testModel.trim(),
    auto_ban: values.autoBan ? 1 : 0,
    max_concurrency: values.maxConcurrency ?? 0,
    daily_token_limit: values.dailyTokenLimit ?? 0,
  };
}

/** Adds models without repeating any, keeping the current order first. */
export const mergeModels = (current: string[], extra: string[]): string[] => [...new Set([...current, ...extra])];

/**
 * The custom-model input: names separated by commas. Names already in the list are reported
 * ("some models already exist") and the new ones are added.
 */
export function addCustomModels(current: string[], input: string): { models: string[]; duplicates: string[] } {
  const names = splitCommaList(input);
  const duplicates = names.filter((name) => current.includes(name));
  return { models: mergeModels(current, names), duplicates };
}

/** The key used to ask the upstream for models: the first line in batch mode. */
export const firstKeyLine = (key: string): string =>
  key
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';
