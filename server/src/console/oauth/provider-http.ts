import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { oauthMessages } from './messages';

/** The account a provider vouches for: a stable id and what helps name a new user. */
export interface ProviderAccount {
  id: string;
  username: string;
  displayName: string;
  email: string;
}

/** Calls a provider and reads its JSON reply; anything unreachable or malformed is "could not reach". */
export async function providerJson<T>(provider: string, url: string, init: RequestInit, schema: z.ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    body = await response.json();
  } catch {
    throw new AppError(fill(oauthMessages.unreachable, { provider }));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(fill(oauthMessages.unreachable, { provider }));
  return parsed.data;
}

/** A provider's refusal, in its own words when it gave any. */
export const providerRefused = (provider: string, detail: string) =>
  new AppError(fill(oauthMessages.providerRefused, { provider, detail }));
