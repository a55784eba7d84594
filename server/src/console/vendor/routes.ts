import { vendorBodySchema, type PageData, type VendorBody, type VendorView } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { pageQuery, pagingOf } from '../paging';
import { VendorRepository } from './repository';
import { messages } from '../../platform/i18n/catalogue';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({ ...pageQuery, keyword: z.string().max(128).optional() });

/** Vendor metadata (issue 37; reference §10): admin CRUD at `/api/vendors/`, names unique. */
export function registerVendorRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const vendors = new VendorRepository(context.database);
  const admin = { preValidation: guards.admin };

  const page = async (query: z.infer<typeof listQuery>): Promise<PageData<VendorView>> => {
    const paging = pagingOf(query);
    const keyword = query.keyword?.trim() ?? '';
    return {
      items: await vendors.page(keyword, paging.offset, paging.size),
      total: await vendors.count(keyword),
      page: paging.page,
      page_size: paging.size,
    };
  };

  const checkName = async (name: string, id?: number) => {
    const holder = await vendors.idOfName(name);
    if (holder !== undefined && holder !== id) throw new AppError(fill(messages.vendor.nameTaken, { name }));
  };

  const fields = (body: VendorBody) => ({
    name: body.name,
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.icon === undefined ? {} : { icon: body.icon }),
    ...(body.status === undefined ? {} : { status: body.status }),
  });

  for (const path of ['/vendors/', '/vendors']) {
    app.get(path, { ...admin, schema: { querystring: listQuery } }, async (request) => ok(await page(request.query)));
    app.post(path, { ...admin, schema: { body: vendorBodySchema } }, async (request) => {
      await checkName(request.body.name);
      const now = nowSeconds();
      const id = await vendors.insert({
        description: '',
        ...fields(request.body),
        created_time: now,
        updated_time: now,
      });
      return ok(await vendors.find(id));
    });
    app.put(path, { ...admin, schema: { body: vendorBodySchema } }, async (request) => {
      const { id } = request.body;
      if (!id) throw new AppError(messages.vendor.idRequired);
      if (!(await vendors.find(id))) throw new AppError(messages.vendor.notFound);
      await checkName(request.body.name, id);
      await vendors.update(id, { ...fields(request.body), updated_time: nowSeconds() });
      return ok(await vendors.find(id));
    });
  }

  app.get('/vendors/search', { ...admin, schema: { querystring: listQuery } }, async (request) =>
    ok(await page(request.query)),
  );

  app.get('/vendors/:id', { ...admin, schema: { params: idParams } }, async (request) => {
    const vendor = await vendors.find(request.params.id);
    if (!vendor) throw new AppError(messages.vendor.notFound);
    return ok(vendor);
  });

  app.delete('/vendors/:id', { ...admin, schema: { params: idParams } }, async (request) => {
    if (!(await vendors.remove(request.params.id))) throw new AppError(messages.vendor.notFound);
    return ok();
  });
}
