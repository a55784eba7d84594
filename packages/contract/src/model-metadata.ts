import { z } from 'zod';

/** Model and vendor metadata and prefill groups (issue 37; reference §10). */

export const MODEL_NAME_MAX_LENGTH = 128;
export const VENDOR_NAME_MAX_LENGTH = 128;
export const PREFILL_GROUP_NAME_MAX_LENGTH = 64;
/** Items one prefill group may hold. */
export const PREFILL_GROUP_MAX_ITEMS = 1000;

/** How a model's metadata matches model names: exactly, or names starting with, containing or ending with it. */
export const ModelNameRule = { Exact: 0, Prefix: 1, Contains: 2, Suffix: 3 } as const;

/** Whether `name` is covered by metadata named `pattern` under `rule` (case-sensitive, as model names are). */
export function modelNameMatches(pattern: string, rule: number, name: string): boolean {
  if (rule === ModelNameRule.Prefix) return name.startsWith(pattern);
  if (rule === ModelNameRule.Contains) return name.includes(pattern);
  if (rule === ModelNameRule.Suffix) return name.endsWith(pattern);
  return name === pattern;
}

const flag = z.union([z.literal(0), z.literal(1)]);

export const vendorBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(VENDOR_NAME_MAX_LENGTH),
  description: z.string().max(10_000).optional(),
  icon: z.string().max(128).optional(),
  status: flag.optional(),
});
export type VendorBody = z.infer<typeof vendorBodySchema>;

export interface VendorView {
  id: number;
  name: string;
  description: string;
  icon: string;
  status: number;
  created_time: number;
  updated_time: number;
}

export const modelMetaBodySchema = z.object({
  id: z.number().int().positive().optional(),
  model_name: z.string().trim().min(1).max(MODEL_NAME_MAX_LENGTH),
  description: z.string().max(10_000).optional(),
  icon: z.string().max(128).optional(),
  tags: z.string().max(255).optional(),
  vendor_id: z.number().int().min(0).optional(),
  /** JSON text (the reference stores it as text) */
  endpoints: z.string().max(10_000).optional(),
  status: flag.optional(),
  sync_official: flag.optional(),
  name_rule: z.number().int().min(0).max(3).optional(),
});
export type ModelMetaBody = z.infer<typeof modelMetaBodySchema>;

export interface BoundChannel {
  name: string;
  type: number;
}

export interface ModelMetaView {
  id: number;
  model_name: string;
  description: string;
  icon: string;
  tags: string;
  vendor_id: number;
  endpoints: string;
  status: number;
  sync_official: number;
  name_rule: number;
  created_time: number;
  updated_time: number;
  /** channels that serve the model (or, for a rule, a model it matches) */
  bound_channels: BoundChannel[];
  /** groups in which it is enabled */
  enable_groups: string[];
  /** 0 billed by tokens, 1 by call */
  quota_types: number[];
  /** for a rule: the served model names it matches */
  matched_models?: string[];
  matched_count?: number;
}

export const PrefillGroupType = ['model', 'tag', 'endpoint'] as const;

export const prefillGroupBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(PREFILL_GROUP_NAME_MAX_LENGTH),
  type: z.enum(PrefillGroupType),
  /** a list of strings, or that list as JSON text */
  items: z.union([z.array(z.string().max(255)), z.string().max(100_000)]),
  description: z.string().max(255).optional(),
});
export type PrefillGroupBody = z.infer<typeof prefillGroupBodySchema>;

export interface PrefillGroupView {
  id: number;
  name: string;
  type: string;
  items: string[];
  description: string;
  created_time: number;
  updated_time: number;
}

/** `POST /api/channel/upstream_updates/detect` */
export const modelUpdateDetectSchema = z.object({ id: z.number().int().positive() });

/** `POST /api/channel/upstream_updates/apply`: each list is limited to what is pending. */
export const modelUpdateApplySchema = z.object({
  id: z.number().int().positive(),
  add_models: z.array(z.string().max(MODEL_NAME_MAX_LENGTH)).max(10_000).optional(),
  remove_models: z.array(z.string().max(MODEL_NAME_MAX_LENGTH)).max(10_000).optional(),
  ignore_models: z.array(z.string().max(MODEL_NAME_MAX_LENGTH)).max(10_000).optional(),
});
export type ModelUpdateApplyRequest = z.infer<typeof modelUpdateApplySchema>;

export interface ModelUpdateDetection {
  channel_id: number;
  channel_name: string;
  add_models: string[];
  remove_models: string[];
  last_check_time: number;
  auto_added_models: string[];
}

export interface ModelUpdateApplyResult {
  id: number;
  added_models: string[];
  removed_models: string[];
  ignored_models: string[];
  remaining_models: string[];
  remaining_remove_models: string[];
  models: string;
  settings: Record<string, unknown>;
}

export interface ModelUpdateApplyAllResult {
  processed_channels: number;
  added_models: number;
  removed_models: number;
  failed_channel_ids: number[];
  results: ModelUpdateApplyResult[];
}

/** The upstream-update fields of a channel's `setting` JSON (reference names). */
export interface ChannelModelUpdateSettings {
  upstream_model_update_check_enabled?: boolean;
  upstream_model_update_auto_sync_enabled?: boolean;
  upstream_model_update_last_check_time?: number;
  upstream_model_update_last_detected_models?: string[];
  upstream_model_update_last_removed_models?: string[];
  /** exact names or `regex:<pattern>` */
  upstream_model_update_ignored_models?: string[];
}

/** `GET /api/usage/token/`'s data (answered as `{code: true, message: "ok", data}`). */
export interface TokenUsageView {
  object: 'token_usage';
  name: string;
  total_granted: number;
  total_used: number;
  total_available: number;
  unlimited_quota: boolean;
  model_limits: Record<string, boolean>;
  model_limits_enabled: boolean;
  expires_at: number;
}
