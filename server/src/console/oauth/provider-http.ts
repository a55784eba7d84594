import { z } from 'zod';
import { fetchConfigured } from '../../platform/outbound/configured-fetch';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

/** The account a provider vouches for: a stable id and what helps name a new user. */
export interface ProviderAccount {
  id: string;
  username: string;
  displayName: string;
  email: string;
}

/** A call to a provider's endpoint; a form body is sent as `application/x-www-form-urlencoded`. */
export interface ProviderCall {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
}

/**
 * Calls a provider and reads its JSON reply (at most 1 MB, within 15 s: the addresses are root's, so
 * internal ones are allowed); anything unreachable, oversized or malformed is "could not reach".
 */
export async function providerJson<T>(
  provider: string,
  url: string,
  call: ProviderCall,
  schema: z.ZodType<T>,
): Promise<T> {
  const form = call.body instanceof URLSearchParams;
  const headers = form ? { 'content-type': 'application/x-www-form-urlencoded', ...call.headers } : call.headers;
  let body: unknown;
  try {
    const answer = await fetchConfigured(url, { method: call.method ?? 'GET', headers, body: call.body?.toString() });
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new AppError(fill(messages.oauth.unreachable, { provider }));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(fill(messages.oauth.unreachable, { provider }));
  return parsed.data;
}

/** A provider's refusal, in its own words when it gave any. */
export const providerRefused = (provider: string, detail: string) =>
  new AppError(fill(messages.oauth.providerRefused, { provider, detail }));

const tokenSchema = z.object({
  access_token: z.string().optional(),
  error_description: z.string().optional(),
  error: z.string().optional(),
});

/** Exchanges an authorisation code at a provider's token endpoint for its access token (or its refusal). */
export async function exchangeCode(provider: string, url: string, call: ProviderCall): Promise<string> {
  const token = await providerJson(provider, url, { method: 'POST', ...call }, tokenSchema);
  if (!token.access_token) throw providerRefused(provider, token.error_description || token.error || 'no access token');
  return token.access_token;
}

/** Reads the signed-in account from a provider's user endpoint with the access token. */
export function providerUser<T>(provider: string, url: string, accessToken: string, schema: z.ZodType<T>): Promise<T> {
  return providerJson(
    provider,
    url,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    schema,
  );
}
