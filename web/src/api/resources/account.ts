import type { LoginRequest, RegisterRequest, SessionUser } from '@switchboard/contract';
import { isSecondStep, type SecondStepRequired } from './security';
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
export const confirmPasswordReset = (email: string, token: string) =>
  api.post<string>('/api/user/reset', { email, token });

/** `GET /api/oauth/state`, carrying the stored invite code. */
export const fetchOauthState = () =>
  api.get<string>('/api/oauth/state', { query: { aff: storedAffCode() || undefined } });

/**
 * The outcome of a third-party callback: a signed-in user; an account with two-factor, whose sign-in waits
 * for its code; or `bind` when a signed-in user linked an account.
 */
export type ThirdPartyOutcome =
  { kind: 'signed-in'; user: SessionUser } | { kind: 'second-step'; flowToken: string } | { kind: 'bound' };

async function thirdParty(path: string, query: Record<string, string>): Promise<ThirdPartyOutcome> {
  const reply = await apiRequest<SessionUser | SecondStepRequired | undefined>('GET', path, { query, quiet: true });
  if (reply.message === 'bind' || !reply.data) return { kind: 'bound' };
  if (isSecondStep(reply.data)) return { kind: 'second-step', flowToken: reply.data.flow_token };
  return { kind: 'signed-in', user: reply.data };
}

export const oauthCallback = (provider: OauthProvider, code: string, state: string) =>
  thirdParty(`/api/oauth/${provider}`, { code, state });

export const wechatSignIn = (code: string) => thirdParty('/api/oauth/wechat', { code });

export const telegramSignIn = (fields: Record<string, string>) => thirdParty('/api/oauth/telegram/login', fields);

/** Binds an e-mail address, WeChat or Telegram to the signed-in account. */
export const bindEmail = (email: string, code: string) =>
  api.get<undefined>('/api/oauth/email/bind', { query: { email, code } });
export const bindWechat = (code: string) => apiRequest<undefined>('GET', '/api/oauth/wechat/bind', { query: { code } });
export const bindTelegram = (fields: Record<string, string>) =>
  apiRequest<undefined>('GET', '/api/oauth/telegram/bind', { query: fields });

/** `POST /api/user/login`: the signed-in user, or the second step when the account has two-factor on. */
export const logIn = (credentials: LoginRequest, turnstile: string) =>
  api.post<SessionUser | SecondStepRequired>('/api/user/login', credentials, {
    query: { turnstile: turnstile || undefined },
  });

export const logOut = () => api.get<undefined>('/api/user/logout', { quiet: true });
