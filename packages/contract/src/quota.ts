/** Quota units per US dollar (the reference product's `QuotaPerUnit`). */
export const QUOTA_PER_UNIT = 500_000;

/** Rounds half away from zero, as the reference product settles bills. */
export function roundHalfAwayFromZero(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** Formats a quota amount as dollars ("$1.25", `digits` decimals, 2 unless told) or as a plain number of units. */
export function formatQuota(
  quota: number,
  options: { inCurrency: boolean; quotaPerUnit?: number; digits?: number },
): string {
  if (!options.inCurrency) return String(quota);
  const perUnit = options.quotaPerUnit && options.quotaPerUnit > 0 ? options.quotaPerUnit : QUOTA_PER_UNIT;
  return `$${(quota / perUnit).toFixed(options.digits ?? 2)}`;
}

/** Large numbers as 12.3k, 4.5M, 6.7B (spec 000 §9). */
export function formatCompactNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return String(value);
}

const MICRO_PER_UNIT = 1_000_000n;

/**
 * The quota of an amount typed in the unit the console shows: dollars when it shows currency,
 * otherwise whole quota units. Dollars are read exactly as a whole number of micro-dollars (at
 * most six decimals), multiplied by QuotaPerUnit and divided by a million in integers; a remainder
 * of half a unit or more rounds up (with the default 500000 per dollar every cent is exactly 5000
 * units, so nothing rounds). Null when the text is not a non-negative amount.
 */
export function quotaOfDisplayedAmount(
  text: string,
  options: { inCurrency: boolean; quotaPerUnit?: number },
): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!options.inCurrency)
    return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? Number(trimmed) : null;
  const match = /^(\d+)(?:\.(\d{0,6}))?$/.exec(trimmed);
  if (!match) return null;
  const perUnit = options.quotaPerUnit && options.quotaPerUnit > 0 ? options.quotaPerUnit : QUOTA_PER_UNIT;
  if (!Number.isSafeInteger(perUnit)) return roundHalfAwayFromZero(Number(trimmed) * perUnit);
  const micro = BigInt(match[1] ?? '0') * MICRO_PER_UNIT + BigInt((match[2] ?? '').padEnd(6, '0'));
  const scaled = micro * BigInt(perUnit);
  const quota = scaled / MICRO_PER_UNIT + (scaled % MICRO_PER_UNIT >= MICRO_PER_UNIT / 2n ? 1n : 0n);
  return quota <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(quota) : null;
}

/** The amount of `quota` as the console shows it for typing (no currency sign): dollars with two decimals, or units. */
export function displayedAmountOf(quota: number, options: { inCurrency: boolean; quotaPerUnit?: number }): string {
  return formatQuota(quota, options).replace(/^\$/, '');
}
