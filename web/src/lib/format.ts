import { formatQuota, type StatusData } from '@switchboard/contract';
import { useStatus } from '../api/resources/status';

type QuotaDisplay = Pick<StatusData, 'display_in_currency' | 'quota_per_unit'>;

/** A quota amount the way the administrator chose to show money: dollars, or raw units. */
export function displayQuota(quota: number, status: QuotaDisplay): string {
  return formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
}

/** A quota amount in dollars, whatever the display setting (presets, "equals" hints beside quota inputs). */
export const displayDollars = (quota: number, quotaPerUnit: number): string =>
  formatQuota(quota, { inCurrency: true, quotaPerUnit });

/** `displayQuota` with the system status's display setting. */
export function useDisplayQuota(): (quota: number) => string {
  const status = useStatus();
  return (quota) => displayQuota(quota, status);
}

/** Dollars without float noise: 2.5 → "$2.5", 0.15000000000000002 → "$0.15". */
export function formatUsd(value: number): string {
  return `$${Number(value.toFixed(6))}`;
}

/** Unix seconds as a local date and time. */
export const formatTime = (seconds: number): string => new Date(seconds * 1000).toLocaleString();

/** Milliseconds since the epoch as a local date and time. */
export const formatTimeMillis = (milliseconds: number): string => new Date(milliseconds).toLocaleString();
