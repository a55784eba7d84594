import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock skew). */
const SKEW_STEPS = 1;

/** A fresh 160-bit secret in base32, as authenticator apps expect. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an authenticator app scans: issuer = system name, account = username. */
export function totpUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(`${account} (${issuer})`)}`;
  const query = `secret=${secret}&issuer=${encodeURIComponent(issuer)}&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`;
  return `otpauth://totp/${label}?${query}`;
}

/** What the user typed, spaces removed; a TOTP code is exactly six digits. */
export const normaliseTotpCode = (code: string): string => code.replace(/\s+/g, '');
export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(normaliseTotpCode(code));

/**
 * The 30-second step whose code `code` is (current step ±1), or null when it matches none. The step
 * is what makes a code single-use: the caller accepts it only when it is later than the last one used.
 */
export function matchingStep(secret: string, code: string, nowMilliseconds = Date.now()): number | null {
  const token = normaliseTotpCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  const delta = totp.validate({ token, timestamp: nowMilliseconds, window: SKEW_STEPS });
  if (delta === null) return null;
  return totp.counter({ timestamp: nowMilliseconds }) + delta;
}
