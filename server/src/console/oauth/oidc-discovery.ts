import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { fetchConfigured } from '../../platform/outbound/configured-fetch';
import { messages } from '../../platform/i18n/catalogue';

const discoverySchema = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});

/** The endpoint options a discovery document fills. */
export interface OidcEndpoints {
  'oidc.authorization_endpoint': string;
  'oidc.token_endpoint': string;
  'oidc.user_info_endpoint': string;
}

/**
 * Reads an OpenID Provider's discovery document (`.well-known/openid-configuration`); an unreachable
 * address, a document over 1 MB (cut as it arrives) or one without the three endpoints is refused.
 */
export async function discoverOidcEndpoints(wellKnown: string): Promise<OidcEndpoints> {
  let body: unknown;
  try {
    const answer = await fetchConfigured(wellKnown, { headers: { accept: 'application/json' } }, 10_000);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`HTTP ${answer.status}`);
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new AppError(messages.oauth.discoveryUnreachable);
  }
  const parsed = discoverySchema.safeParse(body);
  if (!parsed.success) throw new AppError(messages.oauth.discoveryIncomplete);
  return {
    'oidc.authorization_endpoint': parsed.data.authorization_endpoint,
    'oidc.token_endpoint': parsed.data.token_endpoint,
    'oidc.user_info_endpoint': parsed.data.userinfo_endpoint,
  };
}
