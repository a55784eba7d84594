import type { Generated } from 'kysely';

/** `tokens`: spec 001 §3 Token; `key` is 48 characters stored without the `sk-` prefix. */
export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: Generated<number>;
  name: string;
  created_time: number;
  accessed_time: Generated<number>;
  /** unix seconds, -1 = never */
  expired_time: Generated<number>;
  remain_quota: Generated<number>;
  unlimited_quota: Generated<number>;
  model_limits_enabled: Generated<number>;
  /** comma-separated model names */
  model_limits: string;
  /** one IP or CIDR per line */
  allow_ips: string;
  used_quota: Generated<number>;
  /** '' = the user's own group */
  group: Generated<string>;
  deleted_at: number | null;
  /** requests per minute, 0 none */
  rpm_limit: Generated<number>;
  /** billed tokens per minute, 0 none */
  tpm_limit: Generated<number>;
}
