import type { Generated } from 'kysely';

/** `two_fas`: a user's TOTP factor; `secret` is never returned after setup. Times are unix seconds. */
export interface TwoFasTable {
  id: Generated<number>;
  user_id: number;
  secret: string;
  is_enabled: Generated<number>;
  /** consecutive failed checks; the fifth locks the factor until `locked_until` */
  failed_attempts: Generated<number>;
  locked_until: Generated<number>;
  /** the last accepted 30-second step: a code of this step or an earlier one is refused everywhere */
  last_used_step: Generated<number>;
  last_used_at: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** `two_fa_backup_codes`: single-use codes, stored only as a password hash of the normalised code. */
export interface TwoFaBackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  is_used: Generated<number>;
  used_at: Generated<number>;
  created_at: number;
}

/** `passkey_credentials`: one WebAuthn credential per user; ids and the public key in base64url. */
export interface PasskeyCredentialsTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  attestation_type: Generated<string>;
  aaguid: Generated<string>;
  sign_count: Generated<number>;
  clone_warning: Generated<number>;
  user_present: Generated<number>;
  user_verified: Generated<number>;
  backup_eligible: Generated<number>;
  backup_state: Generated<number>;
  /** JSON list of transports */
  transports: Generated<string>;
  attachment: Generated<string>;
  last_used_at: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** `auth_flows`: a pending second sign-in step or WebAuthn ceremony, named by the SHA-256 of its token. */
export interface AuthFlowsTable {
  token_hash: string;
  /** '2fa_login' | 'passkey_register' | 'passkey_login' | 'passkey_verify' */
  purpose: string;
  user_id: Generated<number>;
  session_id: Generated<string>;
  /** the user's session epoch when the flow began; a raised epoch voids it */
  epoch: Generated<number>;
  /** JSON: the ceremony's challenge and scope */
  payload: string;
  expires_at: number;
  consumed: Generated<number>;
}
