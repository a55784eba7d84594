import type { SessionUser } from '@switchboard/contract';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '../http-client';

export type ProofScope = 'channel.key.read' | 'passkey.register' | 'passkey.delete';

export interface TwoFactorStatus {
  enabled: boolean;
  locked: boolean;
  backup_codes_remaining?: number;
}

export interface TwoFactorSetup {
  secret: string;
  qr_code_data: string;
  backup_codes: string[];
}

export interface Proof {
  proof_token: string;
  expires_at: number;
  method: '2fa' | 'passkey';
  scope: ProofScope;
}

/** What the password step answers when the account has two-factor on. */
export interface SecondStepRequired {
  require_2fa: true;
  flow_token: string;
  expires_at: number;
}

export const isSecondStep = (reply: SessionUser | SecondStepRequired): reply is SecondStepRequired =>
  (reply as SecondStepRequired).require_2fa === true;

export const TWO_FACTOR_QUERY_KEY = ['two-factor-status'] as const;
export const PASSKEY_QUERY_KEY = ['passkey-status'] as const;

export const fetchTwoFactorStatus = () => api.get<TwoFactorStatus>('/api/user/2fa/status');
export const setUpTwoFactor = () => api.post<TwoFactorSetup>('/api/user/2fa/setup');
export const enableTwoFactor = (code: string) => api.post<undefined>('/api/user/2fa/enable', { code });
export const disableTwoFactor = (code: string) => api.post<undefined>('/api/user/2fa/disable', { code });
export const regenerateBackupCodes = (code: string) =>
  api.post<{ backup_codes: string[] }>('/api/user/2fa/backup_codes', { code });
export const completeTwoFactorSignIn = (code: string, flowToken: string) =>
  api.post<SessionUser>('/api/user/login/2fa', { code, flow_token: flowToken });

export const verifyWithTwoFactor = (code: string, scope: ProofScope) =>
  api.post<Proof>('/api/verify', { method: '2fa', code, scope });

interface Ceremony<T> {
  options: { publicKey: T };
  flow_token: string;
}

const proofHeader = (proof: Proof | null) => (proof ? { headers: { 'X-Security-Proof': proof.proof_token } } : {});

export const fetchPasskeyStatus = () => api.get<{ enabled: boolean; last_used_at?: number }>('/api/user/passkey');

/** Registers this device's passkey; `proof` is needed when the account has two-factor. */
export async function registerPasskey(proof: Proof | null): Promise<void> {
  const begun = await api.post<Ceremony<PublicKeyCredentialCreationOptionsJSON>>(
    '/api/user/passkey/register/begin',
    undefined,
    proofHeader(proof),
  );
  const credential = await startRegistration({ optionsJSON: begun.options.publicKey });
  await api.post<undefined>(
    '/api/user/passkey/register/finish',
    { flow_token: begun.flow_token, credential },
    proofHeader(proof),
  );
}

export const removePasskey = (proof: Proof) => api.delete<undefined>('/api/user/passkey', proofHeader(proof));

/** Signs in with a passkey, no username or password. */
export async function signInWithPasskey(): Promise<SessionUser> {
  const begun = await api.post<Ceremony<PublicKeyCredentialRequestOptionsJSON>>('/api/user/passkey/login/begin');
  const credential = await startAuthentication({ optionsJSON: begun.options.publicKey });
  return api.post<SessionUser>('/api/user/passkey/login/finish', { flow_token: begun.flow_token, credential });
}

/** A proof of `scope` from this account's passkey. */
export async function verifyWithPasskey(scope: ProofScope): Promise<Proof> {
  const begun = await api.post<Ceremony<PublicKeyCredentialRequestOptionsJSON>>('/api/user/passkey/verify/begin', {
    scope,
  });
  const credential = await startAuthentication({ optionsJSON: begun.options.publicKey });
  return api.post<Proof>('/api/user/passkey/verify/finish', { flow_token: begun.flow_token, credential });
}

export const resetUserTwoFactor = (id: number) => api.delete<undefined>(`/api/user/${id}/2fa`);
export const resetUserPasskey = (id: number) => api.delete<undefined>(`/api/user/${id}/reset_passkey`);

export const fetchChannelKey = (id: number, proof: Proof) =>
  api.post<{ key: string }>(`/api/channel/${id}/key`, undefined, proofHeader(proof));
