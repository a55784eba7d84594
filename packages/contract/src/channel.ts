import { z } from 'zod';
import { lenientWholeNumber } from './envelope';
import { parseJsonLeniently } from './lenient-json';
import { keyEditModes, multiKeyModes, type ChannelInfo } from './multi-key';

/** Channel status (spec 001 §4). */
export const ChannelStatus = {
  Enabled: 1,
  Disabled: 2,
  AutoDisabled: 3,
} as const;
export type ChannelStatusValue = (typeof ChannelStatus)[keyof typeof ChannelStatus];

export const CHANNEL_PRIORITY_MINIMUM = -999;
export const CHANNEL_WEIGHT_MINIMUM = 0;
export const DEFAULT_CHANNEL_GROUP = 'default';
/** Type 3 and type 18 fill an empty `other` with these (spec 001 §5). */
export const AZURE_DEFAULT_API_VERSION = '2023-06-01-preview';
export const XUNFEI_DEFAULT_MODEL_VERSION = 'v2.1';

/** A channel as every console reply shows it: all of spec 001 §3 except the key, which is a secret. */
export interface ChannelView {
  id: number;
  type: number;
  name: string;
  base_url: string;
  other: string;
  models: string;
  group: string;
  model_mapping: string;
  status: number;
  response_time: number;
  used_quota: number;
  balance: number;
  balance_updated_time: number;
  test_time: number;
  priority: number;
  weight: number;
  tag: string | null;
  setting: string;
  test_model: string;
  auto_ban: number;
  openai_organization: string;
  status_code_mapping: string;
  other_info: string;
  param_override: string;
  header_override: string;
  remark: string;
  created_time: number;
  /** calls in flight at once across instances, 0 none (issue 22) */
  max_concurrency: number;
  /** billed tokens per UTC day, 0 none (issue 22) */
  daily_token_limit: number;
  /** multi-key state (issue 37); `is_multi_key: false` on a one-key channel */
  channel_info: ChannelInfo;
}

/** What `other_info` holds once a channel was disabled automatically. */
export const channelOtherInfoSchema = z
  .object({ status_reason: z.string().optional(), status_time: z.number().optional() })
  .loose();
export type ChannelOtherInfo = z.infer<typeof channelOtherInfoSchema>;

/** Reads `other_info` leniently: text that is not a JSON object reads as empty. */
export const parseChannelOtherInfo = (text: string): ChannelOtherInfo =>
  parseJsonLeniently(channelOtherInfoSchema, text, {});

/** Priority and weight arrive as numbers or as the text of an input; the service parses them as integers. */
const integerInput = z.union([z.number(), z.string()]);
const optionalText = z.string().nullish();

const channelFields = {
  type: z.number().int(),
  name: optionalText,
  key: optionalText,
  base_url: optionalText,
  other: optionalText,
  models: optionalText,
  group: optionalText,
  model_mapping: optionalText,
  status_code_mapping: optionalText,
  setting: optionalText,
  param_override: optionalText,
  header_override: optionalText,
  remark: optionalText,
  tag: optionalText,
  test_model: optionalText,
  openai_organization: optionalText,
  priority: integerInput.nullish(),
  weight: integerInput.nullish(),
  auto_ban: z.number().int().min(0).max(1).nullish(),
  /** a whole number, 0 no cap: a capped channel is passed over by selection (issue 22) */
  max_concurrency: integerInput.nullish(),
  daily_token_limit: integerInput.nullish(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullish(),
};

const createFields = z.object({
  ...channelFields,
  /** `single`, `batch` (one channel per key) or `multi_to_single` (one multi-key channel); others are refused */
  mode: z.string().max(32).nullish(),
  multi_key_mode: z.enum(multiKeyModes).nullish(),
  /** batch mode with more than one key: each name gets " " and the key's first 8 characters */
  batch_add_set_key_prefix_2_name: z.boolean().nullish(),
});

/**
 * `POST /api/channel/`: the spec's flat body (the channel's fields beside `mode`), or the reference's
 * `{mode, multi_key_mode, batch_add_set_key_prefix_2_name, channel: {...}}`, read as the flat one.
 * Models and group are comma strings.
 */
export const channelCreateSchema = z.preprocess((body) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { channel, ...rest } = body as Record<string, unknown>;
  if (!channel || typeof channel !== 'object' || Array.isArray(channel)) return body;
  const { mode, multi_key_mode, batch_add_set_key_prefix_2_name } = rest;
  return { ...(channel as Record<string, unknown>), mode, multi_key_mode, batch_add_set_key_prefix_2_name };
}, createFields);
export type ChannelCreateRequest = z.infer<typeof createFields>;

/** `PUT /api/channel/`: a full update, or only some fields such as `{id, status}`; absent means unchanged. */
export const channelUpdateSchema = z.object({
  id: z.number().int().positive(),
  ...channelFields,
  type: channelFields.type.optional(),
  /** a multi-key channel's mode */
  multi_key_mode: z.enum(multiKeyModes).nullish(),
  /** a multi-key channel's keys: `append` the sent ones, or `replace` them all (the default) */
  key_mode: z.enum(keyEditModes).nullish(),
});
export type ChannelUpdateRequest = z.infer<typeof channelUpdateSchema>;

/** `PUT /api/channel/tag`: every filled field overwrites all members; empty or absent means unchanged. */
export const channelTagUpdateSchema = z.object({
  tag: z.string(),
  /** Absent or null: unchanged; an empty string dissolves the tag. */
  new_tag: z.string().nullish(),
  model_mapping: optionalText,
  groups: optionalText,
  models: optionalText,
  priority: integerInput.nullish(),
  weight: integerInput.nullish(),
});
export type ChannelTagUpdateRequest = z.infer<typeof channelTagUpdateSchema>;

export const channelTagSchema = z.object({ tag: z.string() });

export const channelIdsSchema = z.object({ ids: z.array(z.number().int()).nullish() });
export type ChannelIdsRequest = z.infer<typeof channelIdsSchema>;

export const channelBatchTagSchema = z.object({
  ids: z.array(z.number().int()).nullish(),
  tag: z.string().nullish(),
});
export type ChannelBatchTagRequest = z.infer<typeof channelBatchTagSchema>;

export const fetchModelsRequestSchema = z.object({
  base_url: optionalText,
  type: z.number().int(),
  key: optionalText,
});
export type FetchModelsRequest = z.infer<typeof fetchModelsRequestSchema>;

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** `p` counts from 0 (offset `p × page_size`), as in the reference of the spec's era. */
export const channelListQuerySchema = z.object({
  p: lenientWholeNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  id_sort: queryFlag,
  tag_mode: queryFlag,
});
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;

/** Without page_size a search answers every match on one page. */
export const channelSearchQuerySchema = z.object({
  keyword: z.string().optional(),
  group: z.string().optional(),
  model: z.string().optional(),
  id_sort: queryFlag,
  tag_mode: queryFlag,
  p: lenientWholeNumber,
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});
export type ChannelSearchQuery = z.infer<typeof channelSearchQuerySchema>;

/** `data` of a channel test: spec 001 §7 ("success, message, time in seconds"). */
export interface ChannelTestData {
  time: number;
  /** the model the test used */
  model: string;
}

/** `data` of `GET /api/channel/update_balance` (update all). */
export interface ChannelBalanceSummary {
  updated: number;
  failed: number;
}

/** Splits a comma string (models, groups) into trimmed, non-empty, unique entries, in order. */
export function splitCommaList(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const entry = part.trim();
    if (entry) seen.add(entry);
  }
  return [...seen];
}

export type ResponseTimeLevel = 'untested' | 'fast' | 'good' | 'slow' | 'bad';

/** Response-time bands of spec 001 §4 and §9: 0 untested, then up to 1 s, 3 s, 5 s, and above. */
export function responseTimeLevel(milliseconds: number): ResponseTimeLevel {
  if (milliseconds <= 0) return 'untested';
  if (milliseconds <= 1000) return 'fast';
  if (milliseconds <= 3000) return 'good';
  if (milliseconds <= 5000) return 'slow';
  return 'bad';
}
