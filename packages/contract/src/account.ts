import { z } from 'zod';

/** Something@domain.tld without spaces: the check registration, binding and notification emails share (console and server). */
export const isEmailAddress = (text: string): boolean => text.length <= 255 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** `POST /api/user/register` (spec 000 §7). */
export const registerRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  password2: z.string().optional(),
  email: z.string().default(''),
  verification_code: z.string().default(''),
  aff_code: z.string().default(''),
});
/** What a client sends (fields may be left out). */
export type RegisterRequest = z.input<typeof registerRequestSchema>;
/** What the server works with once defaults are applied. */
export type RegisterFields = z.infer<typeof registerRequestSchema>;

/** `POST /api/user/reset`: the email and token of the reset link. */
export const passwordResetRequestSchema = z.object({ email: z.string().default(''), token: z.string().default('') });

/** `PUT /api/user/self`: display name, or a new password with the current one. */
export const selfUpdateRequestSchema = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  password: z.string().optional(),
  original_password: z.string().optional(),
});
export type SelfUpdateRequest = z.infer<typeof selfUpdateRequestSchema>;

/** `POST /api/user/aff_transfer`. */
export const affTransferRequestSchema = z.object({ quota: z.coerce.number().int() });

/** One entry of `GET /api/user/self/groups`: the group's ratio and description. */
export interface UsableGroup {
  ratio: number;
  desc: string;
}

/** How long a mailed code and a reset link stay valid, and the resend wait (spec 000 §9). */
export const VERIFICATION_CODE_MINUTES = 10;
export const RESET_LINK_MINUTES = 15;
export const VERIFICATION_RESEND_SECONDS = 30;
/** How many usable models the personal tab shows before expanding. */
export const USABLE_MODELS_PREVIEW = 10;
