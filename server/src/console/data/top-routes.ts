import {
  DATA_SELF_MAX_SPAN_SECONDS,
  dataQuerySchema,
  LogKind,
  TOP_USAGE_LIMIT,
  type TopUsage,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { toNumber } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { windowOf } from './routes';
import { messages } from '../../platform/i18n/catalogue';

/**
 * The dashboard's top lists: administrators see the users who consumed most (from the hourly rollup, so
 * the query stays small), everyone sees their own tokens (from their own log entries, a month at most, on
 * the user/type/time index).
 */
export function registerTopRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const db = () => context.database.db;

  app.get(
    '/data/top_users',
    { preValidation: guards.admin, schema: { querystring: dataQuerySchema } },
    async (request) => {
      const { since, until } = windowOf(request.query);
      const rows = await db()
        .selectFrom('quota_data')
        .where('created_at', '>=', since)
        .where('created_at', '<=', until)
        .select((select) => [
          'username',
          select.fn.sum<number>('quota').as('quota'),
          select.fn.sum<number>('count').as('count'),
        ])
        .groupBy('username')
        .orderBy('quota', 'desc')
        .limit(TOP_USAGE_LIMIT)
        .execute();
      return ok<TopUsage[]>(
        rows.map((row) => ({ name: row.username, quota: toNumber(row.quota), count: toNumber(row.count) })),
      );
    },
  );

  app.get(
    '/data/self/top_tokens',
    { preValidation: guards.user, schema: { querystring: dataQuerySchema } },
    async (request) => {
      const { since, until } = windowOf(request.query);
      if (until - since > DATA_SELF_MAX_SPAN_SECONDS) throw new AppError(messages.data.spanTooLong);
      const rows = await db()
        .selectFrom('logs')
        .where('user_id', '=', currentUser(request).id)
        .where('type', '=', LogKind.Consumption)
        .where('created_at', '>=', since)
        .where('created_at', '<=', until)
        .select((select) => [
          'token_name',
          select.fn.sum<number>('quota').as('quota'),
          select.fn.countAll<number>().as('count'),
        ])
        .groupBy('token_name')
        .orderBy('quota', 'desc')
        .limit(TOP_USAGE_LIMIT)
        .execute();
      return ok<TopUsage[]>(
        rows.map((row) => ({ name: row.token_name ?? '', quota: toNumber(row.quota), count: toNumber(row.count) })),
      );
    },
  );
}
