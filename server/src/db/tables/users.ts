import type { Generated } from 'kysely';

/** `users`: spec 000 §3 User plus access_token, aff_code, created_at and soft delete. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: Generated<string>;
  password: string;
  github_id: Generated<string>;
  wechat_id: Generated<string>;
  telegram_id: Generated<string>;
  linux_do_id: Generated<string>;
  oidc_id: Generated<string>;
  email: Generated<string>;
  quota: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  group: Generated<string>;
  role: Generated<number>;
  status: Generated<number>;
  access_token: string | null;
  aff_code: string | null;
  aff_count: Generated<number>;
  aff_quota: Generated<number>;
  aff_history_quota: Generated<number>;
  inviter_id: Generated<number>;
  setting: Generated<string>;
  created_at: number;
  deleted_at: number | null;
  /** Raised to end every session issued before (see migration 081). */
  session_epoch: Generated<number>;
  /** the user's Stripe customer, saved by a completed checkout and reused by the next (migration 170) */
  stripe_customer: Generated<string>;
}
