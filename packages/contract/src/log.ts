import { z } from 'zod';
import { parseJsonLeniently } from './lenient-json';

/** Spec 001 §3 log types; 0 in a filter means every type. */
export const LogKind = { All: 0, TopUp: 1, Consumption: 2, Admin: 3, System: 4 } as const;
export type LogKindValue = (typeof LogKind)[keyof typeof LogKind];
export const LOG_KINDS = [LogKind.All, LogKind.TopUp, LogKind.Consumption, LogKind.Admin, LogKind.System] as const;

/** Seconds the RPM and TPM figures look back. */
export const LOG_RATE_WINDOW_SECONDS = 60;
/** The log page's default window starts this long before now and ends one hour ahead (spec 001 §9). */
export const LOG_DEFAULT_LOOKBACK_SECONDS = 24 * 3600;
export const LOG_DEFAULT_LOOKAHEAD_SECONDS = 3600;
/** `GET /api/data/self` answers at most this span (one month). */
export const DATA_SELF_MAX_SPAN_SECONDS = 30 * 24 * 3600;

/** Spec 001 §9 duration colours. */
export type DurationLevel = 'green' | 'orange' | 'red';
export const useTimeLevel = (seconds: number): DurationLevel =>
  seconds < 101 ? 'green' : seconds < 300 ? 'orange' : 'red';
export const firstTokenLevel = (milliseconds: number): DurationLevel =>
  milliseconds < 3000 ? 'green' : milliseconds < 10_000 ? 'orange' : 'red';

const optionalText = z.string().trim().optional().default('');
/** A whole number of at least 0 (unix seconds, an id); 0 when absent. */
const wholeOrZero = z.coerce.number().int().min(0).optional().default(0);

/** The filters of `GET /api/log/`, `/api/log/self/` and both stat calls (paging comes on top). */
export const logFilterShape = {
  type: z.coerce
    .number()
    .int()
    .refine((value) => (LOG_KINDS as readonly number[]).includes(value), {
      message: 'type must be 0, 1, 2, 3 or 4',
      params: { zh: '只能是 0、1、2、3 或 4', en: 'must be 0, 1, 2, 3 or 4' },
    })
    .optional()
    .default(0),
  username: optionalText,
  token_name: optionalText,
  model_name: optionalText,
  group: optionalText,
  channel: wholeOrZero,
  start_timestamp: wholeOrZero,
  end_timestamp: wholeOrZero,
};
export const logFilterSchema = z.object(logFilterShape);
export type LogFilter = z.infer<typeof logFilterSchema>;

/** What an entry's `other` JSON may carry (spec 001 §3; reference notes §8.2). Unknown keys pass through. */
export const logOtherSchema = z.looseObject({
  model_ratio: z.number().optional(),
  model_price: z.number().optional(),
  completion_ratio: z.number().optional(),
  group_ratio: z.number().optional(),
  frt: z.number().optional(),
  is_model_mapped: z.boolean().optional(),
  upstream_model_name: z.string().optional(),
  reasoning_effort: z.string().optional(),
  /** set when the model had no price: billed at the fallback ratio 37.5, or free in self-use mode */
  unpriced_model: z.enum(['fallback-ratio', 'self-use']).optional().catch(undefined),
  admin_info: z.looseObject({ use_channel: z.array(z.union([z.string(), z.number()])).optional() }).optional(),
});
export type LogOther = z.infer<typeof logOtherSchema>;

/** Keys of `other` only administrators see. */
export const ADMIN_ONLY_OTHER_KEYS = ['admin_info', 'audit_info', 'stream_status', 'local_count_tokens'] as const;

/** `other` parsed leniently: text that is not a JSON object reads as `{}`. */
export const parseLogOther = (text: string): LogOther => parseJsonLeniently(logOtherSchema, text, {});

/** One log entry as the console receives it; `channel` is the channel id (0 in the self view). */
export interface LogView {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** seconds */
  use_time: number;
  is_stream: boolean;
  channel: number;
  channel_name: string;
  group: string;
  ip: string;
  request_id: string;
  /** JSON text */
  other: string;
}

/** `data` of the stat calls. */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/** `GET /api/data/` and `/api/data/self`: usage of one model in one hour. */
export interface QuotaDataPoint {
  model_name: string;
  /** start of the hour, unix seconds */
  created_at: number;
  count: number;
  token_used: number;
  quota: number;
}

export const dataQuerySchema = z.object({
  start_timestamp: wholeOrZero,
  end_timestamp: wholeOrZero,
  username: optionalText,
});
export type DataQuery = z.infer<typeof dataQuerySchema>;

export const logClearQuerySchema = z.object({ target_timestamp: z.coerce.number().int().optional().default(0) });

/** One row of the dashboard's top lists (`GET /api/data/top_users`, `/api/data/self/top_tokens`): largest quota first. */
export interface TopUsage {
  /** the username, or the token name ('' for calls without a token) */
  name: string;
  quota: number;
  count: number;
}

/** How many rows a top list holds. */
export const TOP_USAGE_LIMIT = 10;
