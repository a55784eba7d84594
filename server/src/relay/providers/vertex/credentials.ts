import { createHash, createSign } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import { z } from 'zod';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** A token is renewed this long before Google says it expires. */
const RENEW_MARGIN_SECONDS = 300;

/** The fields of a service-account JSON key the gateway uses. */
const serviceAccountSchema = z.looseObject({
  type: z.string().optional(),
  project_id: z.string().min(1),
  private_key_id: z.string().optional(),
  private_key: z.string().min(1),
  client_email: z.string().min(1),
  token_uri: z.string().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

const tokenReplySchema = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().optional() });

/** The channel's key as a service account, or null when it is not one (an API key). */
export function parseServiceAccount(key: string): ServiceAccount | null {
  const text = key.trim();
  if (!text.startsWith('{')) return null;
  try {
    const parsed = serviceAccountSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const base64Url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion (RS256 JWT) exchanged for an access token, valid for one hour. */
function signedAssertion(account: ServiceAccount, tokenUrl: string, nowSeconds: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) };
  const claims = { iss: account.client_email, scope: SCOPE, aud: tokenUrl, iat: nowSeconds, exp: nowSeconds + 3600 };
  const unsigned = `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key);
  return `${unsigned}.${base64Url(signature)}`;
}

export class TokenExchangeError extends Error {}

/**
 * Access tokens of service accounts, cached per account until shortly before they expire. The token
 * endpoint is the key's own `token_uri` (as Google's libraries do), else Google's.
 */
export class VertexTokenCache {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly now: () => number = () => Date.now() / 1000) {}

  /** A valid access token; concurrent calls for one account share one exchange. */
  accessToken(account: ServiceAccount, dispatcher: Dispatcher): Promise<string> {
    const cacheKey = createHash('sha256')
      .update(`${account.client_email}\n${account.token_uri ?? ''}\n${account.private_key}`)
      .digest('hex');
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.expiresAt > this.now()) return Promise.resolve(cached.token);
    let pending = this.inFlight.get(cacheKey);
    if (!pending) {
      pending = this.exchange(account, dispatcher)
        .then(({ token, expiresIn }) => {
          this.tokens.set(cacheKey, { token, expiresAt: this.now() + expiresIn - RENEW_MARGIN_SECONDS });
          return token;
        })
        .finally(() => this.inFlight.delete(cacheKey));
      this.inFlight.set(cacheKey, pending);
    }
    return pending;
  }

  private async exchange(
    account: ServiceAccount,
    dispatcher: Dispatcher,
  ): Promise<{ token: string; expiresIn: number }> {
    const tokenUrl = account.token_uri || GOOGLE_TOKEN_URL;
    const form = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: signedAssertion(account, tokenUrl, Math.floor(this.now())),
    });
    const response = await request(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      dispatcher,
    });
    const text = await response.body.text();
    let reply: unknown = null;
    try {
      reply = JSON.parse(text);
    } catch {
      reply = null;
    }
    const parsed = tokenReplySchema.safeParse(reply);
    if (response.statusCode !== 200 || !parsed.success) {
      throw new TokenExchangeError(`token endpoint answered HTTP ${response.statusCode}: ${text.slice(0, 300)}`);
    }
    return { token: parsed.data.access_token, expiresIn: parsed.data.expires_in ?? 3600 };
  }
}
