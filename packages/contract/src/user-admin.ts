import { z } from 'zod';
import { integerInput } from './number-input';

/** `POST /api/user/manage` actions (spec 000 §4). */
export const USER_MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];

/** Longest display name and group name the console accepts. */
export const DISPLAY_NAME_MAX_LENGTH = 20;
export const GROUP_NAME_MAX_LENGTH = 64;

/** `POST /api/user/`: role is optional and defaults to a normal user. */
export const userCreateRequestSchema = z.object({
  username: z.string().default(''),
  display_name: z.string().default(''),
  password: z.string().default(''),
  role: z.number().int().optional(),
});
export type UserCreateRequest = z.input<typeof userCreateRequestSchema>;

/**
 * `PUT /api/user/`: the fields given change. `quota` sets the balance to that value; `add_quota`
 * adds to it (negative subtracts). Reference clients send the whole user object; extra fields are ignored.
 */
export const userUpdateRequestSchema = z.object({
  id: z.number().int().positive(),
  username: z.string().optional(),
  display_name: z.string().optional(),
  password: z.string().optional(),
  group: z.string().optional(),
  quota: integerInput.optional(),
  add_quota: integerInput.optional(),
});
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

export const userManageRequestSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(USER_MANAGE_ACTIONS),
});
export type UserManageRequest = z.infer<typeof userManageRequestSchema>;

/** `data` of a successful `POST /api/user/manage`: the user's resulting status and role. */
export interface UserManageResult {
  status: number;
  role: number;
}
