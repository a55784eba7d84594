import { getGlobalDispatcher, request } from 'undici';
import { z } from 'zod';
import { UpstreamError } from '../../relay-error';
import { ExpiringTokenCache } from '../expiring-token-cache';
import { parseWith } from '../../parse-json';

/** A token is renewed this long before Baidu says it expires (it lives 30 days). */
const RENEW_MARGIN_MS = 3_600_000;

const tokenReply = z.looseObject({ access_token: z.string().min(1), expires_in: z.number().positive() });
const tokenRefusal = z.looseObject({ error: z.string().optional(), error_description: z.string().optional() });

const tokens = new ExpiringTokenCache();

/** The channel key `API Key|Secret Key` of a Baidu Wenxin application, or null when it has another form. */
export function baiduCredentials(key: string): { apiKey: string; secretKey: string } | null {
  const [apiKey, secretKey, ...rest] = key.trim().split('|');
  if (!apiKey || !secretKey || rest.length > 0) return null;
  return { apiKey: apiKey.trim(), secretKey: secretKey.trim() };
}

/** Exchanges the application's keys for an access token at `{base}/oauth/2.0/token` (client credentials). */
async function exchange(base: string, apiKey: string, secretKey: string) {
  const query = new URLSearchParams({ grant_type: 'client_credentials', client_id: apiKey, client_secret: secretKey });
  let response: Awaited<ReturnType<typeof request>>;
  let text: string;
  try {
    response = await request(`${base}/oauth/2.0/token?${query.toString()}`, {
      method: 'POST',
      dispatcher: getGlobalDispatcher(),
    });
    text = await response.body.text();
  } catch (error) {
    throw new UpstreamError(
      502,
      `Baidu access token: ${error instanceof Error ? error.message : String(error)}`,
      'baidu_token_error',
      true,
      502,
    );
  }
  const granted = response.statusCode === 200 ? parseWith(tokenReply, text) : null;
  if (granted)
    return { token: granted.access_token, expiresAt: Date.now() + granted.expires_in * 1000 - RENEW_MARGIN_MS };
  const refusal = parseWith(tokenRefusal, text);
  const detail = refusal?.error_description || refusal?.error || text.slice(0, 300);
  // A refused key is the channel's authentication failure (channel health may disable it).
  const status = response.statusCode >= 400 && response.statusCode < 500 ? 401 : 502;
  throw new UpstreamError(status, `Baidu access token: ${detail}`, 'baidu_token_error', true, status);
}

/** A valid access token for the channel's keys, exchanged once and cached until shortly before it expires. */
export function baiduAccessToken(base: string, apiKey: string, secretKey: string): Promise<string> {
  return tokens.get(`${base}\n${apiKey}\n${secretKey}`, () => exchange(base, apiKey, secretKey));
}

/** Drops a token Baidu refused (error 110/111), so that the next request exchanges again. */
export function forgetBaiduToken(base: string, key: string): void {
  const credentials = baiduCredentials(key);
  if (credentials) tokens.forget(`${base}\n${credentials.apiKey}\n${credentials.secretKey}`);
}
