import { formatQuota, jsonObjectOf } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { perContext } from '../per-context';
import { notifierOf } from './notifier';
import { quotaWarningNotice } from './notices';

/** How long a warned mark is kept without Redis (in the limit counters, which need an expiry). */
const MARK_KEPT_SECONDS = 365 * 24 * 3600;

/** Settlements of the same user within this window are checked once. */
const CHECK_DELAY_MS = 250;

interface Recipient {
  /** the user's quota_warning_threshold, 0 when unset */
  ownThreshold: number;
  email: string;
  setting: string;
}

/**
 * The low-balance notice (reference notes §3.5): after a settlement the user's remaining quota is
 * compared with their quota_warning_threshold (or QuotaRemindThreshold when they set none). The
 * notice goes out once when the quota falls below it and not again until it has been back above.
 * The relay only marks the user; the check runs shortly after, off the request path, and reads the
 * user's setting once until it changes (`users` topic).
 */
export class QuotaWarnings {
  private readonly pending = new Set<number>();
  private readonly recipients = new Map<number, Promise<Recipient | null>>();
  /** Users warned by this process; the shared mark is in Redis or the limit counters. */
  private readonly warned = new Set<number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly context: AppContext) {
    context.bus.onUserChanged((id) => {
      this.recipients.delete(id);
    });
  }

  /** One cheap call where a settlement completes. */
  afterSettlement(userId: number): void {
    this.pending.add(userId);
    if (this.timer) return;
    // Tracked as background work, so a drain (and a shutdown) waits for the check and its notice.
    void this.context.background.track(
      new Promise<void>((resolve) => {
        this.timer = setTimeout(() => {
          this.timer = null;
          void this.checkPending().finally(resolve);
        }, CHECK_DELAY_MS);
      }),
    );
  }

  private async checkPending(): Promise<void> {
    const users = [...this.pending];
    this.pending.clear();
    for (const userId of users) {
      try {
        await this.check(userId);
      } catch (error) {
        notifierOf(this.context).report(error, quotaWarningNotice('', ''));
      }
    }
  }

  private async check(userId: number): Promise<void> {
    const recipient = await this.recipientOf(userId);
    if (!recipient) return;
    const threshold =
      recipient.ownThreshold > 0 ? recipient.ownThreshold : this.context.options.number('QuotaRemindThreshold');
    if (threshold <= 0) return;
    const remaining = await this.context.balances.userQuota(userId);
    if (remaining >= threshold) {
      await this.clearMark(userId);
      return;
    }
    if (!(await this.mark(userId))) return;
    const display = {
      inCurrency: this.context.options.boolean('DisplayInCurrencyEnabled'),
      quotaPerUnit: this.context.options.number('QuotaPerUnit'),
    };
    const notice = quotaWarningNotice(formatQuota(remaining, display), formatQuota(threshold, display));
    try {
      await notifierOf(this.context).send(recipient, notice);
    } catch (error) {
      notifierOf(this.context).report(error, notice);
    }
  }

  private recipientOf(userId: number): Promise<Recipient | null> {
    let recipient = this.recipients.get(userId);
    if (!recipient) {
      recipient = this.context.database.db
        .selectFrom('users')
        .select(['email', 'setting'])
        .where('id', '=', userId)
        .executeTakeFirst()
        .then((row) =>
          row ? { email: row.email, setting: row.setting, ownThreshold: thresholdOf(row.setting) } : null,
        );
      recipient.catch(() => this.recipients.delete(userId));
      this.recipients.set(userId, recipient);
    }
    return recipient;
  }

  private warnedKey(userId: number): string {
    return `${this.context.config.REDIS_PREFIX}quota-warned:${userId}`;
  }

  /**
   * Marks the user warned; false when they already were (here, or on another instance with Redis, or
   * on another worker of this instance through the shared limit counters).
   */
  private async mark(userId: number): Promise<boolean> {
    if (this.warned.has(userId)) return false;
    this.warned.add(userId);
    if (!this.context.redis)
      return this.context.counters.acquire(`quota-warned:${userId}`, 'warned', 1, MARK_KEPT_SECONDS);
    return (await this.context.redis.set(this.warnedKey(userId), '1', 'NX')) === 'OK';
  }

  private async clearMark(userId: number): Promise<void> {
    // Another worker may hold the mark, so clearing it is not skipped when this one did not warn.
    this.warned.delete(userId);
    if (this.context.redis) await this.context.redis.del(this.warnedKey(userId));
    else await this.context.counters.release(`quota-warned:${userId}`, 'warned');
  }
}

function thresholdOf(setting: string): number {
  const value = jsonObjectOf(setting).quota_warning_threshold;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The context's low-balance watcher, made on first use. */
export const quotaWarningsOf = perContext((context) => new QuotaWarnings(context));
