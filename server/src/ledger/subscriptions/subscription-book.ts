import { billingPreferenceOf, jsonObjectOf, type BillingPreference } from '@switchboard/contract';
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables/index';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/database';
import { nowSeconds, toNumber } from '../../db/dialect';
import { anyMatch, valueById } from '../../db/table-queries';
import { perContext } from '../../platform/per-context';
import { nextReset, type PlanPeriods } from './periods';

/** What admission took from a subscription for one call; settlement and release end it. */
export interface SubscriptionHold {
  subscriptionId: number;
  reserved: number;
}

/** The billing preference stored in a user's settings JSON (unknown or unreadable: `subscription_first`). */
export function preferenceOf(setting: string): BillingPreference {
  return billingPreferenceOf(jsonObjectOf(setting).billing_preference);
}

/**
 * A subscription's quota as relay calls spend it (reference features §6, "consumption versus
 * wallet"). The quota lives in `user_subscriptions.amount_used`, changed only by conditional,
 * additive updates, so instances never overwrite each other: admission reserves the estimate on the
 * first active subscription (earliest end first) that covers it, settlement adds the difference,
 * a failure gives it back. The set of users holding any active subscription is kept in memory (and
 * follows the bus's user changes), so the common caller (none) costs one set lookup.
 */
export class SubscriptionBook {
  private holders: Set<number> | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** Reads who holds an active subscription (at start, and by the expiry job every minute). */
  async refresh(): Promise<void> {
    const rows = await this.database.db
      .selectFrom('user_subscriptions')
      .select('user_id')
      .distinct()
      .where('status', '=', 'active')
      .execute();
    this.holders = new Set(rows.map((row) => toNumber(row.user_id)));
  }

  /** The cheap check: false when the user surely has no active subscription. */
  mayHold(userId: number): boolean | Promise<boolean> {
    if (this.holders) return this.holders.has(userId);
    this.loading ??= this.refresh();
    return this.loading.then(() => this.holders?.has(userId) ?? false);
  }

  /** A subscription was granted in this process: its user is a holder from now on. */
  granted(userId: number): void {
    this.holders?.add(userId);
  }

  /** A user changed (in any process: a grant, an end, a console edit): reads whether they hold an active subscription now. */
  async recheck(userId: number): Promise<void> {
    if (!this.holders) return;
    const holds = await anyMatch(
      this.database.db.selectFrom('user_subscriptions').where('user_id', '=', userId).where('status', '=', 'active'),
    );
    if (holds) this.holders.add(userId);
    else this.holders.delete(userId);
  }

  async preference(userId: number): Promise<BillingPreference> {
    return preferenceOf((await valueById(this.database.db, 'users', userId, 'setting')) ?? '');
  }

  /**
   * Reserves `amount` (at least 1) on the first active, unexpired subscription that covers it,
   * earliest end first, after applying a due reset. Null when none covers it; `overflow` then says
   * whether some active subscription lets the wallet pay instead.
   */
  async reserve(
    userId: number,
    amount: number,
  ): Promise<{ hold: SubscriptionHold | null; any: boolean; overflow: boolean }> {
    const now = this.now();
    const wanted = Math.max(1, Math.ceil(amount));
    const db = this.database.db;
    const rows = await db
      .selectFrom('user_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .where('end_time', '>', now)
      .orderBy('end_time')
      .orderBy('id')
      .execute();
    if (rows.length === 0) this.holders?.delete(userId);
    for (const row of rows) {
      if (toNumber(row.next_reset_time) > 0 && toNumber(row.next_reset_time) <= now)
        await this.resetDue(row.id, toNumber(row.plan_id), toNumber(row.next_reset_time), toNumber(row.end_time));
      const total = toNumber(row.amount_total);
      let update = db
        .updateTable('user_subscriptions')
        .set({ amount_used: sql<number>`amount_used + ${wanted}`, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'active');
      if (total > 0) update = update.where(sql<boolean>`amount_used + ${wanted} <= amount_total`);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0)
        return { hold: { subscriptionId: toNumber(row.id), reserved: wanted }, any: true, overflow: false };
    }
    return {
      hold: null,
      any: rows.length > 0,
      overflow: rows.some((row) => toNumber(row.allow_wallet_overflow) === 1),
    };
  }

  /** Ends a hold by the call's cost: adds `quota - reserved` to the used amount (never below 0). */
  async settle(hold: SubscriptionHold, quota: number): Promise<void> {
    const delta = quota - hold.reserved;
    if (delta === 0) return;
    await this.add(hold.subscriptionId, delta);
  }

  /** Gives a hold back in full (the call failed). */
  async release(hold: SubscriptionHold): Promise<void> {
    await this.add(hold.subscriptionId, -hold.reserved);
  }

  private add(subscriptionId: number, delta: number): Promise<void> {
    return addToUsed(this.database.db, subscriptionId, delta, this.now());
  }

  /** A due reset, applied once (the condition on the old next reset lets one of parallel callers do it). */
  private async resetDue(id: number, planId: number, dueAt: number, end: number): Promise<void> {
    const now = this.now();
    const plan = (await this.database.db
      .selectFrom('subscription_plans')
      .selectAll()
      .where('id', '=', planId)
      .executeTakeFirst()) as PlanPeriods | undefined;
    const next = plan
      ? nextReset({ ...plan, quota_reset_custom_seconds: toNumber(plan.quota_reset_custom_seconds) }, now, end)
      : 0;
    await this.database.db
      .updateTable('user_subscriptions')
      .set({ amount_used: 0, last_reset_time: now, next_reset_time: next, updated_at: now })
      .where('id', '=', id)
      .where('next_reset_time', '=', dueAt)
      .execute();
  }
}

/**
 * Adds `delta` to a subscription's used amount (never below 0), additively, so instances never
 * overwrite each other; `db` may be a transaction (a task's refund finishes its claim in the same one).
 */
export async function addToUsed(db: Kysely<Tables>, subscriptionId: number, delta: number, now: number): Promise<void> {
  if (delta === 0) return;
  const value =
    delta > 0
      ? sql<number>`amount_used + ${delta}`
      : sql<number>`CASE WHEN amount_used < ${-delta} THEN 0 ELSE amount_used - ${-delta} END`;
  await db
    .updateTable('user_subscriptions')
    .set({ amount_used: value, updated_at: now })
    .where('id', '=', subscriptionId)
    .execute();
}

/**
 * The subscription book of an app context. Every process learns of a user's change through the
 * invalidation bus (a grant or an end announces it), so its set of holders follows other processes.
 */
export const subscriptionBookOf: (context: AppContext) => SubscriptionBook = perContext((context) => {
  const book = new SubscriptionBook(context.database);
  context.bus.onUserChanged((userId) => book.recheck(userId));
  return book;
});
