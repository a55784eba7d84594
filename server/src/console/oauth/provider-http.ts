import type { z } from 'zod';
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
