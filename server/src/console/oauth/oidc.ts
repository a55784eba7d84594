import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { exchangeCode, providerUser, type ProviderAccount } from './provider-http';
import { messages } from '../../platform/i18n/catalogue';

const PROVIDER = 'OIDC';
const userInfoSchema = z.object({
  sub: z.union([z.string(), z.number()]).transform(String),
  email: z.string().nullish(),
  name: z.string().nullish(),
  preferred_username: z.string().nullish(),
});

/**
 * Exchanges an authorisation code at the OIDC token endpoint (form body with the client credentials
 * and the same redirect address the console sent to the authorize endpoint), then reads the user
 * info; the account is keyed by `sub`.
 */
export async function oidcAccount(context: AppContext, code: string): Promise<ProviderAccount> {
  const redirect = `${context.options.string('ServerAddress').replace(/\/+$/, '')}/oauth/oidc`;
  const accessToken = await exchangeCode(PROVIDER, context.options.string('oidc.token_endpoint'), {
    headers: { accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: context.options.string('oidc.client_id'),
      client_secret: context.options.string('oidc.client_secret'),
    }),
  });
  const user = await providerUser(
    PROVIDER,
    context.options.string('oidc.user_info_endpoint'),
    accessToken,
    userInfoSchema,
  );
  if (!user.sub) throw new AppError(messages.oauth.oidcNoSubject);
  const username = user.preferred_username ?? '';
  return { id: user.sub, username, displayName: user.name || username, email: user.email ?? '' };
}
