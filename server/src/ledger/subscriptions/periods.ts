/**
 * Periods of subscription plans (reference features §6), in the server's local time zone: a
 * subscription's end and its quota's next reset. Times are Unix seconds.
 */

export interface PlanPeriods {
  duration_unit: string;
  duration_value: number;
  custom_seconds: number;
  quota_reset_period: string;
  quota_reset_custom_seconds: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The end of a period begun at `start`: N years or N calendar months (local), N×24 h, N h, or the custom seconds. */
export function periodEnd(plan: PlanPeriods, start: number): number {
  const value = plan.duration_value;
  const date = new Date(start * 1000);
  switch (plan.duration_unit) {
    case 'year':
      date.setFullYear(date.getFullYear() + value);
      return toSeconds(date);
    case 'month':
      date.setMonth(date.getMonth() + value);
      return toSeconds(date);
    case 'day':
      return start + value * DAY;
    case 'hour':
      return start + value * HOUR;
    default:
      return start + plan.custom_seconds;
  }
}

/**
 * The quota's next reset after `base`: the next local midnight (daily), the next Monday 00:00
 * (weekly), the 1st of next month (monthly), base + seconds (custom); 0 for never, or when it would
 * fall after the subscription's end.
 */
export function nextReset(plan: PlanPeriods, base: number, end: number): number {
  const date = new Date(base * 1000);
  let next = 0;
  switch (plan.quota_reset_period) {
    case 'daily':
      next = toSeconds(new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1));
      break;
    case 'weekly': {
      const daysToMonday = (8 - date.getDay()) % 7 || 7;
      next = toSeconds(new Date(date.getFullYear(), date.getMonth(), date.getDate() + daysToMonday));
      break;
    }
    case 'monthly':
      next = toSeconds(new Date(date.getFullYear(), date.getMonth() + 1, 1));
      break;
    case 'custom':
      next = plan.quota_reset_custom_seconds > 0 ? base + plan.quota_reset_custom_seconds : 0;
      break;
    default:
      return 0;
  }
  return next > end ? 0 : next;
}
