import { userCreateRequestSchema, userManageRequestSchema, userUpdateRequestSchema } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { pageQuery, pageQuerySchema, pagingOf } from '../paging';
import { UserAdminService } from './user-admin-service';

const searchQuerySchema = z.object({ ...pageQuery, keyword: z.string().default(''), group: z.string().default('') });
/** Digits only, so `/user/self`, `/user/token` and the other named paths never reach this route. */
const idParamsSchema = z.object({
  id: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
});

/** Spec 000 §7 user administration calls (admin and above). */
export function registerUserAdminRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const users = new UserAdminService(context);
  const guarded = { preValidation: guards.admin };
  const callerOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, role: user.role };
  };

  // The spec writes these paths with a trailing slash; both spellings answer.
  for (const path of ['/user/', '/user']) {
    app.get(path, { ...guarded, schema: { querystring: pageQuerySchema } }, async (request) => {
      const { page, size } = pagingOf(request.query);
      return ok(await users.list({}, page, size));
    });

    app.post(path, { ...guarded, schema: { body: userCreateRequestSchema } }, async (request) => {
      await users.create(callerOf(request), request.body);
      return ok();
    });

    app.put(path, { ...guarded, schema: { body: userUpdateRequestSchema } }, async (request) => {
      await users.update(callerOf(request), request.body);
      return ok();
    });
  }

  app.get('/user/search', { ...guarded, schema: { querystring: searchQuerySchema } }, async (request) => {
    const { page, size } = pagingOf(request.query);
    return ok(await users.list({ keyword: request.query.keyword, group: request.query.group.trim() }, page, size));
  });

  app.get('/user/:id', { ...guarded, schema: { params: idParamsSchema } }, async (request) =>
    ok(await users.get(callerOf(request), request.params.id)),
  );

  app.post('/user/manage', { ...guarded, schema: { body: userManageRequestSchema } }, async (request) =>
    ok(await users.manage(callerOf(request), request.body)),
  );
}
