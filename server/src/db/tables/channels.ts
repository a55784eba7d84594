import type { Generated } from 'kysely';

/** `channels`: spec 001 §3 Channel (reference notes §2.1). */
export interface ChannelsTable {
  id: Generated<number>;
  type: number;
  key: string;
  openai_organization: Generated<string>;
  test_model: Generated<string>;
  status: Generated<number>;
  name: string;
  weight: Generated<number>;
  created_time: number;
  test_time: Generated<number>;
  /** milliseconds */
  response_time: Generated<number>;
  base_url: Generated<string>;
  other: Generated<string>;
  /** US dollars */
  balance: Generated<number>;
  balance_updated_time: Generated<number>;
  /** comma-separated */
  models: string;
  /** comma-separated group names */
  group: Generated<string>;
  used_quota: Generated<number>;
  model_mapping: string;
  status_code_mapping: Generated<string>;
  priority: Generated<number>;
  auto_ban: Generated<number>;
  /** JSON: status_reason, status_time */
  other_info: string;
  tag: string | null;
  /** JSON */
  setting: string;
  param_override: string;
  header_override: string;
  remark: Generated<string>;
  /** calls in flight at once across instances, 0 none */
  max_concurrency: Generated<number>;
  /** billed tokens per UTC day, 0 none */
  daily_token_limit: Generated<number>;
  /** JSON of a multi-key channel (domain/multi-key.ts); null on a one-key channel */
  channel_info: Generated<string | null>;
}

/** `abilities`: one row per group × model of each channel, kept in step with `channels`. */
export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: number;
  priority: number;
  weight: number;
  tag: string | null;
}
