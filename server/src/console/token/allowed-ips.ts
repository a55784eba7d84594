import { isIP } from 'node:net';

export type AllowedIpsResult = { ok: true; text: string } | { ok: false; line: number; value: string };

const PREFIX_DIGITS = /^\d{1,3}$/;

/** Whether `entry` is an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8 or fd00::/8. */
export function isIpOrCidr(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0;
  const address = entry.slice(0, slash);
  const prefix = entry.slice(slash + 1);
  const version = isIP(address);
  if (version === 0 || !PREFIX_DIGITS.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Checks an IP whitelist, one IP or CIDR per line. Blank lines and surrounding spaces are dropped;
 * the first bad line is reported with its 1-based number.
 */
export function normaliseAllowedIps(text: string | null | undefined): AllowedIpsResult {
  const entries: string[] = [];
  const lines = (text ?? '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (!isIpOrCidr(entry)) return { ok: false, line: index + 1, value: entry };
    entries.push(entry);
  }
  return { ok: true, text: entries.join('\n') };
}
