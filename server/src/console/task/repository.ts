import type { MidjourneyFilter, TaskFilter } from '@switchboard/contract';
import type { Kysely } from 'kysely';
import type { Queries } from '../../db/database';
import { toNumber } from '../../db/dialect';
import type { MidjourneyRow, TaskRow } from '../../domain/task-rows';
import type { PageRequest } from '../paging';

/** Whose tasks a query may see: one user's (the self view) or everyone's (administrators, who may filter by channel). */
export type TaskScope = { userId: number } | { everyone: true };

export interface RowPage<Row> {
  total: number;
  rows: Row[];
}

/** The filters both lists share, with the task's own id under one name. */
interface ListFilter {
  channel_id: number;
  id: string;
  start_timestamp: number;
  end_timestamp: number;
}

/** Reads `midjourneys` and `tasks` for the console lists, newest first. */
export class TaskListRepository {
  constructor(private readonly database: Queries) {}

  midjourneys(scope: TaskScope, filter: MidjourneyFilter, paging: PageRequest): Promise<RowPage<MidjourneyRow>> {
    return this.page('midjourneys', 'mj_id', scope, { ...filter, id: filter.mj_id }, paging);
  }

  tasks(scope: TaskScope, filter: TaskFilter, paging: PageRequest): Promise<RowPage<TaskRow>> {
    return this.page('tasks', 'task_id', scope, { ...filter, id: filter.task_id }, paging);
  }

  /** Both tables share user_id, channel_id, submit_time and id; only the task id column is named differently. */
  private async page<Row>(
    table: 'midjourneys' | 'tasks',
    idColumn: 'mj_id' | 'task_id',
    scope: TaskScope,
    filter: ListFilter,
    paging: PageRequest,
  ): Promise<RowPage<Row>> {
    // Kysely cannot type a table name chosen at run time; the two public methods are typed.
    let query = (this.database.db as Kysely<any>).selectFrom(table);
    if ('userId' in scope) query = query.where('user_id', '=', scope.userId);
    else if (filter.channel_id) query = query.where('channel_id', '=', filter.channel_id);
    if (filter.id) query = query.where(idColumn, '=', filter.id);
    if (filter.start_timestamp) query = query.where('submit_time', '>=', filter.start_timestamp);
    if (filter.end_timestamp) query = query.where('submit_time', '<=', filter.end_timestamp);
    const [counted, rows] = await Promise.all([
      query.select((select) => select.fn.countAll().as('count')).executeTakeFirstOrThrow(),
      query.selectAll().orderBy('id', 'desc').limit(paging.size).offset(paging.offset).execute(),
    ]);
    return { total: toNumber((counted as { count: unknown }).count), rows: rows as Row[] };
  }
}
