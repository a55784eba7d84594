import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { exchangeCode, providerUser, type ProviderAccount } from './provider-http';
import { messages } from '../../platform/i18n/catalogue';

const PROVIDER = 'Linux DO';
const userSchema = z.object({
  id: z.union([z.number(), z.string()]),
  username: z.string().default(''),
  name: z.string().nullish(),
  trust_level: z.number().default(0),
  active: z.boolean().default(true),
  silenced: z.boolean().default(false),
});

/** Exchanges a Linux DO code (HTTP Basic client authentication) and checks the minimum trust level. */
export async function linuxdoAccount(context: AppContext, code: string): Promise<ProviderAccount> {
  const clientId = context.options.string('LinuxDOClientId');
  const basic = Buffer.from(`${clientId}:${context.options.string('LinuxDOClientSecret')}`).toString('base64');
  const redirect = `${context.options.string('ServerAddress').replace(/\/+$/, '')}/oauth/linuxdo`;
  const accessToken = await exchangeCode(PROVIDER, context.options.string('LinuxDOTokenEndpoint'), {
    headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect }),
  });
  const user = await providerUser(PROVIDER, context.options.string('LinuxDOUserEndpoint'), accessToken, userSchema);
  if (user.trust_level < context.options.number('LinuxDOMinimumTrustLevel'))
    throw new AppError(messages.oauth.trustLevelTooLow);
  return { id: String(user.id), username: user.username, displayName: user.name || user.username, email: '' };
}
