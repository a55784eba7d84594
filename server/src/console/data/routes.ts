import { DATA_SELF_MAX_SPAN_SECONDS, dataQuerySchema, type DataQuery } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { UsageRepository } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** The window asked for: an open end means now; a reversed one is refused. */
export function windowOf(query: DataQuery): { since: number; until: number } {
  const until = query.end_timestamp || nowSeconds();
  if (query.start_timestamp > until) throw new AppError(messages.common.windowReversed);
  return { since: query.start_timestamp, until };
}

/** The data dashboard's hourly usage (reference notes §8.4): everyone's or one username's, and one's own. */
export function registerDataRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const usage = new UsageRepository(context.database);

  for (const path of ['/data/', '/data']) {
    app.get(path, { preValidation: guards.admin, schema: { querystring: dataQuerySchema } }, async (request) => {
      const { since, until } = windowOf(request.query);
      const username = request.query.username;
      return ok(await usage.hourly(username ? { username } : { everyone: true }, since, until));
    });
  }
  for (const path of ['/data/self', '/data/self/']) {
    app.get(path, { preValidation: guards.user, schema: { querystring: dataQuerySchema } }, async (request) => {
      const { since, until } = windowOf(request.query);
      // The self view is bounded so that one user cannot ask for years of buckets at once.
      if (until - since > DATA_SELF_MAX_SPAN_SECONDS) throw new AppError(messages.data.spanTooLong);
      return ok(await usage.hourly({ userId: currentUser(request).id }, since, until));
    });
  }
}
