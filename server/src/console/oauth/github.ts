import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { providerJson, providerRefused, type ProviderAccount } from './provider-http';

const PROVIDER = 'GitHub';
const tokenSchema = z.object({
  access_token: z.string().optional(),
  error_description: z.string().optional(),
  error: z.string().optional(),
});
const userSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string().default(''),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

/** Exchanges a GitHub code for the account behind it (token endpoint, then the user API). */
export async function githubAccount(context: AppContext, code: string): Promise<ProviderAccount> {
  const token = await providerJson(
    PROVIDER,
    context.options.string('GitHubTokenEndpoint'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: context.options.string('GitHubClientId'),
        client_secret: context.options.string('GitHubClientSecret'),
        code,
      }),
    },
    tokenSchema,
  );
  if (!token.access_token) throw providerRefused(PROVIDER, token.error_description || token.error || 'no access token');
  const user = await providerJson(
    PROVIDER,
    context.options.string('GitHubUserEndpoint'),
    {
      headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
    },
    userSchema,
  );
  return { id: String(user.id), username: user.login, displayName: user.name || user.login, email: user.email ?? '' };
}
