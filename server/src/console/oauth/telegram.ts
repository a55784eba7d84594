import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors';
import { messages } from '../../platform/i18n/catalogue';

const MAX_AGE_SECONDS = 5 * 60;
const MAX_FUTURE_SKEW_SECONDS = 2 * 60;

/**
 * Checks the login widget's data: HMAC-SHA256 over the sorted `key=value` lines (all but `hash`) with
 * SHA-256(bot token) as the key, and an `auth_date` no older than five minutes. Answers the Telegram id.
 */
export function verifyTelegramLogin(
  params: Record<string, string>,
  botToken: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const { hash, ...fields } = params;
  const invalid = new AppError(messages.oauth.telegramInvalid);
  if (!hash || !botToken || !fields.id) throw invalid;
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = Buffer.from(createHmac('sha256', secret).update(checkString).digest('hex'));
  const given = Buffer.from(hash.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  const authDate = Number(fields.auth_date);
  if (!Number.isFinite(authDate) || now - authDate > MAX_AGE_SECONDS || authDate - now > MAX_FUTURE_SKEW_SECONDS) {
    throw new AppError(messages.oauth.telegramStale);
  }
  return fields.id;
}
