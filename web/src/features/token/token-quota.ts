import { formatQuota, type StatusData } from '@switchboard/contract';

/** A quota amount the way the administrator chose to show money: dollars, or raw units. */
export function displayQuota(quota: number, status: Pick<StatusData, 'display_in_currency' | 'quota_per_unit'>): string {
  return formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
}

/** A preset's label is always in dollars, whatever the display setting. */
export const presetLabel = (quota: number, quotaPerUnit: number): string => formatQuota(quota, { inCurrency: true, quotaPerUnit });

/** Unix seconds as a local date and time. */
export const formatTime = (seconds: number): string => new Date(seconds * 1000).toLocaleString();
