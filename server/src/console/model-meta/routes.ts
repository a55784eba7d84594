import { MODEL_NAME_MAX_LENGTH, modelMetaBodySchema } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { AppError } from '../../platform/errors';
import { pageQuery, pagingOf } from '../paging';
import { ModelMetaService } from './model-meta-service';
import { VendorRepository } from '../vendor/repository';
import { messages } from '../../platform/i18n/catalogue';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const flagQuery = z.coerce.number().int().min(0).max(1).optional();
const listQuery = z.object({ ...pageQuery, status: flagQuery, sync_official: flagQuery });
const searchQuery = z.object({
  ...pageQuery,
  keyword: z.string().max(128).optional(),
  vendor: z.string().max(128).optional(),
});
const updateQuery = z.object({ status_only: z.string().optional() });
/** With `?status_only=true` only `id` and `status` count, so the name may be left out. */
const updateBody = modelMetaBodySchema.extend({
  model_name: z.string().trim().min(1).max(MODEL_NAME_MAX_LENGTH).optional(),
});

/**
 * Model metadata (issue 37; reference §10), admin only, at `/api/models/…` with the slash: `GET /api/models`
 * without it stays the channel editor's model list (channel/routes.ts).
 */
export function registerModelMetaRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const models = new ModelMetaService(context);
  const vendors = new VendorRepository(context.database);
  const admin = { preValidation: guards.admin };

  app.get('/models/', { ...admin, schema: { querystring: listQuery } }, async (request) =>
    ok(
      await models.page(
        { status: request.query.status, syncOfficial: request.query.sync_official },
        pagingOf(request.query),
      ),
    ),
  );

  // `vendor` is a vendor's id or its name; an unknown name matches nothing.
  app.get('/models/search', { ...admin, schema: { querystring: searchQuery } }, async (request) => {
    const vendor = request.query.vendor?.trim();
    let vendorId: number | undefined;
    if (vendor) vendorId = /^\d+$/.test(vendor) ? Number(vendor) : ((await vendors.idOfName(vendor)) ?? -1);
    return ok(await models.page({ keyword: request.query.keyword, vendorId }, pagingOf(request.query)));
  });

  app.get('/models/missing', admin, async () => ok(await models.missing()));

  // The reference fetches an official catalogue from the internet; Switchboard says plainly that it does not.
  app.get('/models/sync_upstream/preview', admin, async () => {
    throw new AppError(messages.modelMeta.syncUnavailable);
  });
  app.post('/models/sync_upstream', admin, async () => {
    throw new AppError(messages.modelMeta.syncUnavailable);
  });

  app.get('/models/:id', { ...admin, schema: { params: idParams } }, async (request) =>
    ok(await models.view(request.params.id)),
  );

  app.post('/models/', { ...admin, schema: { body: modelMetaBodySchema } }, async (request) =>
    ok(await models.create(request.body)),
  );

  app.put('/models/', { ...admin, schema: { querystring: updateQuery, body: updateBody } }, async (request) => {
    const { id, status, model_name: name } = request.body;
    if (!id) throw new AppError(messages.modelMeta.idRequired);
    if (request.query.status_only === 'true') {
      if (status === undefined) throw new AppError(messages.modelMeta.statusRequired);
      return ok(await models.setStatus(id, status));
    }
    if (!name) throw new AppError(messages.modelMeta.nameRequired);
    return ok(await models.update({ ...request.body, id, model_name: name }));
  });

  app.delete('/models/:id', { ...admin, schema: { params: idParams } }, async (request) => {
    await models.remove(request.params.id);
    return ok();
  });
}
