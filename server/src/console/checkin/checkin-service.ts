import { randomInt } from 'node:crypto';
import { type CheckinResult, type CheckinStatus } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { inTransaction } from '../../db/database';
import { AppError } from '../../platform/errors';
import { logQuota } from '../credits/log-quota';
import { pendingCredits } from '../credits/pending-credits';
import { CheckinRepository } from './checkin-repository';
import { messages } from '../../platform/i18n/catalogue';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The server's local date (the process's time zone, as the reference counts days), YYYY-MM-DD. */
export function localDate(at = new Date()): string {
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
}

/** Daily check-in (the reference's `checkin_setting`): once per local day, a random reward within the bounds. */
export class CheckinService {
  private readonly repository: CheckinRepository;

  constructor(private readonly context: AppContext) {
    this.repository = new CheckinRepository(context.database);
  }

  private bounds(): { min: number; max: number } {
    const min = this.context.options.number('checkin_setting.min_quota');
    return { min, max: Math.max(min, this.context.options.number('checkin_setting.max_quota')) };
  }

  private requireEnabled(): void {
    if (!this.context.options.boolean('checkin_setting.enabled')) throw new AppError(messages.checkin.disabled);
  }

  async status(userId: number, month: string | undefined): Promise<CheckinStatus> {
    this.requireEnabled();
    const today = localDate();
    const wanted = month || today.slice(0, 7);
    if (!MONTH.test(wanted)) throw new AppError(messages.checkin.badMonth);
    const [records, totals, checkedInToday] = await Promise.all([
      this.repository.month(userId, wanted),
      this.repository.totals(userId),
      this.repository.has(userId, today),
    ]);
    const { min, max } = this.bounds();
    return {
      enabled: true,
      min_quota: min,
      max_quota: max,
      stats: {
        total_quota: totals.quota,
        total_checkins: totals.count,
        checkin_count: records.length,
        checked_in_today: checkedInToday,
        records,
      },
    };
  }

  /**
   * Of parallel check-ins the unique (user, day) pair lets one insert the day's row, and only that one
   * is credited, exactly once also across a crash (console/credits/pending-credits.ts).
   */
  async checkIn(user: { id: number; username: string }): Promise<CheckinResult> {
    this.requireEnabled();
    const today = localDate();
    if (await this.repository.has(user.id, today)) throw new AppError(messages.checkin.already);
    const { min, max } = this.bounds();
    const quota = max > min ? randomInt(min, max + 1) : min;
    const { database } = this.context;
    const credited = await pendingCredits(this.context).consumeThenCredit(user, async (transaction) => {
      const days = new CheckinRepository(inTransaction(database, transaction));
      if (!(await days.insert(user.id, today, quota, nowSeconds()))) return null;
      const content = `用户签到，获得额度 ${logQuota(this.context, quota)}`;
      return { userId: user.id, amount: quota, reason: 'reward', content, witness: `checkin:${today}` };
    });
    if (!credited) throw new AppError(messages.checkin.raced);
    return { quota_awarded: quota, checkin_date: today };
  }
}
