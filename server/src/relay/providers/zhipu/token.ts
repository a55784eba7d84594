import { createHmac } from 'node:crypto';
import { ExpiringTokenCache } from '../expiring-token-cache';

/** How long a signed token is valid, and how long before that it is replaced. */
const TOKEN_LIFETIME_MS = 3_600_000;
const RENEW_MARGIN_MS = 300_000;

const tokens = new ExpiringTokenCache();

/** The key `id.secret` of a Zhipu API key, or null when it has another form. */
export function zhipuKeyParts(key: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = key.trim().split('.');
  return id && secret && rest.length === 0 ? { id, secret } : null;
}

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Zhipu's signed token: an HS256 JWT (header `sign_type: SIGN`) of the key id with millisecond
 * `timestamp` and `exp`, signed with the key's secret.
 */
export function signZhipuToken(id: string, secret: string, nowMs: number): string {
  const unsigned = `${base64Url({ alg: 'HS256', sign_type: 'SIGN' })}.${base64Url({ api_key: id, exp: nowMs + TOKEN_LIFETIME_MS, timestamp: nowMs })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** A valid token for the key, signed once and reused until shortly before it expires. */
export function zhipuToken(id: string, secret: string): Promise<string> {
  return tokens.get(`${id}.${secret}`, () => {
    const now = Date.now();
    return Promise.resolve({
      token: signZhipuToken(id, secret, now),
      expiresAt: now + TOKEN_LIFETIME_MS - RENEW_MARGIN_MS,
    });
  });
}
