import type { RegisterRequest, SessionUser } from '@switchboard/contract';
import type { OauthProvider } from '../../features/auth/oauth-redirect';
import { api, apiRequest } from '../http-client';
import { readStorage } from '../local-storage';

/** `localStorage.aff`: the invite code a visitor arrived with (`?aff=`), kept for sign-up. */
export const AFF_STORAGE_KEY = 'aff';
export const storedAffCode = () => readStorage(AFF_STORAGE_KEY) ?? '';

/** `GET /api/verification`: mails a code to `email`. */
export const sendVerificationCode = (email: string, turnstile: string) =>
  api.get<undefined>('/api/verification', { query: { email, turnstile } });

export const register = (request: RegisterRequest, turnstile: string) =>
  api.post<undefined>('/api/user/register', request, { query: { turnstile } });

export const requestPasswordReset = (email: string, turnstile: string) =>
  api.get<undefined>('/api/reset_password', { query: { email, turnstile } });

/** `POST /api/user/reset`: answers the newly generated password. */
export const confirmPasswordReset = (email: string, token: string) => api.post<string>('/api/user/reset', { email, token });

/** `GET /api/oauth/state`, carrying the stored invite code. */
export const fetchOauthState = () => api.get<string>('/api/oauth/state', { query: { aff: storedAffCode() || undefined } });

/** The outcome of a third-party callback: a signed-in user, or `bind` when a signed-in user linked an account. */
export type ThirdPartyOutcome = { kind: 'signed-in'; user: SessionUser } | { kind: 'bound' };

async function thirdParty(path: string, query: Record<string, string>): Promise<ThirdPartyOutcome> {
  const reply = await apiRequest<SessionUser | undefined>('GET', path, { query, quiet: true });
  if (reply.message === 'bind' || !reply.data) return { kind: 'bound' };
  return { kind: 'signed-in', user: reply.data };
}

export const oauthCallback = (provider: OauthProvider, code: string, state: string) =>
  thirdParty(`/api/oauth/${provider}`, { code, state });

export const wechatSignIn = (code: string) => thirdParty('/api/oauth/wechat', { code });

export const telegramSignIn = (fields: Record<string, string>) => thirdParty('/api/oauth/telegram/login', fields);
