import { z } from 'zod';

export const USERNAME_MAX_LENGTH = 12;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

export const loginRequestSchema = z.object({
  username: z.string(),
  password: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `data` of a successful `POST /api/user/login`; the console stores it as `localStorage.user`. */
export interface SessionUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

export const userSettingSchema = z.object({
  notify_type: z.enum(['email', 'webhook']).optional(),
  quota_warning_threshold: z.number().optional(),
  webhook_url: z.string().optional(),
  webhook_secret: z.string().optional(),
  notification_email: z.string().optional(),
  /** Calls to a model without a price go through, billed at the reference's fallback model ratio. */
  accept_unset_model_ratio_model: z.boolean().optional(),
});
export type UserSetting = z.infer<typeof userSettingSchema>;

/** A user as the console sees it (password always blank). */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  password: string;
  github_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  oidc_id: string;
  email: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  role: number;
  status: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  created_at: number;
  DeletedAt: number | null;
  setting: string;
}
