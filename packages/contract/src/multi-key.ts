import { z } from 'zod';

/** How a multi-key channel chooses its key for a call (issue 37; reference `constant/multi_key_mode.go`). */
export const multiKeyModes = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof multiKeyModes)[number];

/** A key's status in `multi_key_status_list`; a missing index means enabled. */
export const KeyStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;

/** `channel_info` of a channel as the reference writes it. Maps are keyed by the key's index. */
export interface ChannelInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  multi_key_status_list?: Record<string, number>;
  multi_key_disabled_reason?: Record<string, string>;
  multi_key_disabled_time?: Record<string, number>;
  multi_key_polling_index: number;
  multi_key_mode: MultiKeyMode;
}

/** Channel create modes: one channel, one channel per key, or one multi-key channel. */
export const channelAddModes = ['single', 'batch', 'multi_to_single'] as const;

/** Edit modes of a multi-key channel's keys: add to them, or replace them (also when absent). */
export const keyEditModes = ['append', 'replace'] as const;

export const multiKeyActions = [
  'get_key_status',
  'disable_key',
  'enable_key',
  'enable_all_keys',
  'disable_all_keys',
  'delete_key',
  'delete_disabled_keys',
] as const;
export type MultiKeyAction = (typeof multiKeyActions)[number];

/** Largest page of `get_key_status`. */
export const MULTI_KEY_PAGE_SIZE_MAXIMUM = 500;

/** `POST /api/channel/multi_key/manage`. The action is checked by the service ("unsupported operation"). */
export const multiKeyManageSchema = z.object({
  channel_id: z.number().int().positive(),
  action: z.string().max(64),
  key_index: z.number().int().nullish(),
  page: z.number().int().nullish(),
  page_size: z.number().int().nullish(),
  status: z.number().int().nullish(),
});
export type MultiKeyManageRequest = z.infer<typeof multiKeyManageSchema>;

/** One row of `get_key_status`. */
export interface MultiKeyStatusRow {
  index: number;
  status: number;
  disabled_time?: number;
  reason?: string;
  /** the first 10 characters of the key and "..." */
  key_preview: string;
}

/** `data` of `get_key_status`; the counts ignore the status filter. */
export interface MultiKeyStatusPage {
  keys: MultiKeyStatusRow[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
}
