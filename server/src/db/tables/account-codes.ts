import type { Generated } from 'kysely';

/** `account_codes`: one-time secrets (mailed codes, reset tokens, OAuth states), stored as SHA-256. */
export interface AccountCodesTable {
  id: Generated<number>;
  /** 'verify' | 'reset' | 'oauth' */
  purpose: string;
  /** the email address, or the OAuth state itself */
  subject: string;
  secret_hash: string;
  /** what the secret carries (an OAuth state's invite code) */
  payload: Generated<string>;
  created_at: number;
  expires_at: number;
  used: Generated<number>;
}
