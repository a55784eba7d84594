import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { Tables } from '../../db/tables/index';
import { addToUsed } from '../../ledger/subscriptions/subscription-book';

/** The tables of tasks; a refund's witness names the table and the row. */
export type TaskTable = 'tasks' | 'midjourneys';

/**
 * `refunded` of a task row: `claimed` is a refund that one instance won but whose credit is not yet
 * known to be durable; only that instance (`refund_owner`, the id of its settlement journal) moves it on.
 */
export const RefundState = { none: 0, refunded: 1, claimed: 2 } as const;

/**
 * The refund states of one task table, over conditional UPDATEs:
 * - `claim` decides who refunds a failed task: `refunded` goes from 0 to 2 for exactly one caller,
 *   whichever poller or instance gets there first, and records it as the owner;
 * - `finish` moves the owner's claim to 1 once the credit is durable.
 */
export class RefundClaims {
  constructor(
    private readonly database: Database,
    readonly table: TaskTable,
    /** the table's time unit: unix milliseconds for `midjourneys`, seconds for `tasks` */
    private readonly timeOf: (milliseconds: number) => number,
  ) {}

  async claim(rowId: number, owner: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable(this.table)
      .set({ refunded: RefundState.claimed, refund_owner: owner, refund_claimed_at: this.timeOf(Date.now()) })
      .where('id', '=', rowId)
      .where('refunded', '=', RefundState.none)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Moves the owner's claim to refunded; for a task a subscription paid, its price goes back to that
   * subscription in the same transaction, so exactly the finishing call gives it back.
   */
  async finish(rowId: number, owner: string, subscription?: { id: number; quota: number }): Promise<boolean> {
    if (!subscription || subscription.id <= 0 || subscription.quota <= 0)
      return this.finishIn(this.database.db, rowId, owner);
    return this.database.db.transaction().execute(async (db) => {
      const finished = await this.finishIn(db, rowId, owner);
      if (finished) await addToUsed(db, subscription.id, -subscription.quota, Math.floor(Date.now() / 1000));
      return finished;
    });
  }

  private async finishIn(db: Kysely<Tables>, rowId: number, owner: string): Promise<boolean> {
    const result = await db
      .updateTable(this.table)
      .set({ refunded: RefundState.refunded })
      .where('id', '=', rowId)
      .where('refunded', '=', RefundState.claimed)
      .where('refund_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * What the refund's system log row carries as its `request_id`: the witness, written in the same
   * journal group as the credit, by which a restarted instance tells a credited claim from one that is not.
   */
  witness(rowId: number): string {
    return `task-refund:${this.table}:${rowId}`;
  }
}
