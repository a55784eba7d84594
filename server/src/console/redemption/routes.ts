import { redemptionCreateRequestSchema, redemptionUpdateRequestSchema } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { pageQuery, pageQuerySchema, pagingOf } from '../paging';
import { RedemptionService } from './redemption-service';

const searchQuerySchema = z.object({ ...pageQuery, keyword: z.string().default('') });
const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const updateQuerySchema = z.object({ status_only: z.string().optional() });

/** Spec 001 §7 redemption calls; administrators only. */
export function registerRedemptionRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const redemptions = new RedemptionService(context);
  const guarded = { preValidation: guards.admin };

  // The spec writes these paths with a trailing slash; both spellings answer.
  for (const path of ['/redemption/', '/redemption']) {
    app.get(path, { ...guarded, schema: { querystring: pageQuerySchema } }, async (request) => {
      const { page, size } = pagingOf(request.query);
      return ok(await redemptions.list('', page, size));
    });

    app.post(path, { ...guarded, schema: { body: redemptionCreateRequestSchema } }, async (request) =>
      ok(await redemptions.create(currentUser(request).id, request.body)),
    );

    app.put(
      path,
      { ...guarded, schema: { body: redemptionUpdateRequestSchema, querystring: updateQuerySchema } },
      async (request) => {
        if (request.query.status_only === 'true')
          return ok(await redemptions.setStatus(request.body.id, request.body.status));
        return ok(await redemptions.update(request.body));
      },
    );
  }

  app.get('/redemption/search', { ...guarded, schema: { querystring: searchQuerySchema } }, async (request) => {
    const { page, size } = pagingOf(request.query);
    return ok(await redemptions.list(request.query.keyword.trim(), page, size));
  });

  app.get('/redemption/:id', { ...guarded, schema: { params: idParamsSchema } }, async (request) =>
    ok(await redemptions.get(request.params.id)),
  );

  for (const path of ['/redemption/:id/', '/redemption/:id']) {
    app.delete(path, { ...guarded, schema: { params: idParamsSchema } }, async (request) => {
      await redemptions.remove(request.params.id);
      return ok();
    });
  }
}
