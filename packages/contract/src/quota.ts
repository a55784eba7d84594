/** Quota units per US dollar (the reference product's `QuotaPerUnit`). */
export const QUOTA_PER_UNIT = 500_000;

/** Rounds half away from zero, as the reference product settles bills. */
export function roundHalfAwayFromZero(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/** Formats a quota amount as dollars ("$1.25", `digits` decimals, 2 unless told) or as a plain number of units. */
export function formatQuota(quota: number, options: { inCurrency: boolean; quotaPerUnit?: number; digits?: number }): string {
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
