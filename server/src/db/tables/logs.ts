import type { Generated } from 'kysely';

/** `logs`: spec 001 §3 Log entry. Types: 1 top-up, 2 consumption, 3 admin, 4 system. */
export interface LogsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: Generated<string>;
  token_name: Generated<string>;
  token_id: Generated<number>;
  model_name: Generated<string>;
  quota: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  /** seconds */
  use_time: Generated<number>;
  is_stream: Generated<number>;
  channel_id: Generated<number>;
  channel_name: Generated<string>;
  group: Generated<string>;
  ip: Generated<string>;
  request_id: Generated<string>;
  /** JSON */
  other: string;
}

/** `quota_data`: hourly usage rollup per user and model (the data dashboard). */
export interface QuotaDataTable {
  id: Generated<number>;
  user_id: number;
  username: string;
  model_name: string;
  /** start of the hour, unix seconds */
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}
