import type { ExpressionBuilder, ExpressionWrapper, Selectable, SqlBool, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { Tables } from '../../db/tables/index';
import { RefundState, type TaskTable } from './refund-claim';
import type { StoredTask } from './task-platform';

/** A condition on the columns the two task tables share. */
type Condition = (where: ExpressionBuilder<Tables, TaskTable>) => ExpressionWrapper<Tables, TaskTable, SqlBool>;

/** What sets one store's rows apart: its table, its states, and (on a shared table) its own rows. */
export interface TaskQueueRules<T extends TaskTable> {
  table: T;
  /** the states a task no longer leaves */
  finished: readonly string[];
  /** the failed rows that have a price to give back */
  refundable: Condition;
  /** the store's own rows, where it shares its table with other stores */
  own?: Condition;
  storedTask: (row: Selectable<Tables[T]>) => StoredTask;
}

/** The poller's and the refunds' reads of one task store (oldest first, at most `limit` rows), and its writes to unfinished rows. */
export class TaskQueue<T extends TaskTable> {
  constructor(
    protected readonly database: Database,
    private readonly rules: TaskQueueRules<T>,
  ) {}

  pending(limit: number): Promise<StoredTask[]> {
    return this.oldest((where) => where('status', 'not in', this.rules.finished), limit);
  }

  unrefundedFailures(limit: number): Promise<StoredTask[]> {
    const refundable = this.rules.refundable;
    return this.oldest((where) => where.and([refundable(where), where('refunded', '=', RefundState.none)]), limit);
  }

  claimedRefunds(owner: string, limit: number): Promise<StoredTask[]> {
    return this.oldest(
      (where) => where.and([where('refunded', '=', RefundState.claimed), where('refund_owner', '=', owner)]),
      limit,
    );
  }

  /** Writes onto a task that is not finished yet (a finished one keeps its outcome). */
  protected async updateUnfinished(rowId: number, values: Updateable<Tables[T]>): Promise<void> {
    await this.database.db
      .updateTable(this.rules.table as TaskTable)
      .set(values as Updateable<Tables[TaskTable]>)
      .where('id', '=', rowId)
      .where('status', 'not in', this.rules.finished)
      .execute();
  }

  private async oldest(condition: Condition, limit: number): Promise<StoredTask[]> {
    let query = this.database.db
      .selectFrom(this.rules.table as TaskTable)
      .selectAll()
      .where(condition);
    if (this.rules.own) query = query.where(this.rules.own);
    const rows = await query.orderBy('id').limit(limit).execute();
    // Selected from the rules' one table, each row is a row of that table.
    return rows.map((row) => this.rules.storedTask(row as Selectable<Tables[T]>));
  }
}
