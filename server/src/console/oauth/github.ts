import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { exchangeCode, providerUser, type ProviderAccount } from './provider-http';

const PROVIDER = 'GitHub';
const userSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string().default(''),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

/** Exchanges a GitHub code for the account behind it (token endpoint, then the user API). */
export async function githubAccount(context: AppContext, code: string): Promise<ProviderAccount> {
  const accessToken = await exchangeCode(PROVIDER, context.options.string('GitHubTokenEndpoint'), {
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_id: context.options.string('GitHubClientId'),
      client_secret: context.options.string('GitHubClientSecret'),
      code,
    }),
  });
  const user = await providerUser(PROVIDER, context.options.string('GitHubUserEndpoint'), accessToken, userSchema);
  return { id: String(user.id), username: user.login, displayName: user.name || user.login, email: user.email ?? '' };
}
