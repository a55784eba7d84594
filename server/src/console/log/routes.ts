import { logClearQuerySchema, logFilterShape } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { pageQuery, pagingOf } from '../paging';
import { LogService } from './log-service';
import type { LogScope } from './repository';

const listQuerySchema = z.object({ ...pageQuery, ...logFilterShape });
const statQuerySchema = z.object(logFilterShape);
const everyone: LogScope = { everyone: true };

/** Spec 001 §7 log calls (admin: everyone's entries; self: the caller's own) and spec 000 §7 clearing. */
export function registerLogRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const logs = new LogService(context);
  const own = (request: Parameters<typeof currentUser>[0]): LogScope => ({ userId: currentUser(request).id });

  // The spec writes the list paths with a trailing slash; both spellings answer.
  for (const path of ['/log/', '/log']) {
    app.get(path, { preValidation: guards.admin, schema: { querystring: listQuerySchema } }, async (request) =>
      ok(await logs.list(everyone, request.query, pagingOf(request.query))),
    );
    app.delete(path, { preValidation: guards.root, schema: { querystring: logClearQuerySchema } }, async (request) =>
      ok(await logs.clear(request.query.target_timestamp)),
    );
  }
  for (const path of ['/log/self/', '/log/self']) {
    app.get(path, { preValidation: guards.user, schema: { querystring: listQuerySchema } }, async (request) =>
      ok(await logs.list(own(request), request.query, pagingOf(request.query))),
    );
  }
  app.get('/log/stat', { preValidation: guards.admin, schema: { querystring: statQuerySchema } }, async (request) =>
    ok(await logs.stat(everyone, request.query)),
  );
  app.get('/log/self/stat', { preValidation: guards.user, schema: { querystring: statQuerySchema } }, async (request) =>
    ok(await logs.stat(own(request), request.query)),
  );
}
