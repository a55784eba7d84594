import type { QuotaDataPoint } from '@switchboard/contract';
import type { Queries } from '../../db/database';
import { toNumber } from '../../db/dialect';

/** Whose usage a query sums: one user's, one username's (administrators) or everyone's. */
export type UsageScope = { userId: number } | { username: string } | { everyone: true };

/** Reads the hourly rollup `quota_data`, summed per model and hour. */
export class UsageRepository {
  constructor(private readonly database: Queries) {}

  async hourly(scope: UsageScope, since: number, until: number): Promise<QuotaDataPoint[]> {
    let query = this.database.db.selectFrom('quota_data');
    if ('userId' in scope) query = query.where('user_id', '=', scope.userId);
    if ('username' in scope) query = query.where('username', '=', scope.username);
    if (since) query = query.where('created_at', '>=', since);
    if (until) query = query.where('created_at', '<=', until);
    const rows = await query
      .select((select) => [
        'model_name',
        'created_at',
        select.fn.sum<number>('count').as('count'),
        select.fn.sum<number>('token_used').as('token_used'),
        select.fn.sum<number>('quota').as('quota'),
      ])
      .groupBy(['created_at', 'model_name'])
      .orderBy('created_at', 'asc')
      .orderBy('model_name', 'asc')
      .execute();
    return rows.map((row) => ({
      model_name: row.model_name,
      created_at: toNumber(row.created_at),
      count: toNumber(row.count),
      token_used: toNumber(row.token_used),
      quota: toNumber(row.quota),
    }));
  }
}
