import {
  PREFILL_GROUP_MAX_ITEMS,
  PrefillGroupType,
  prefillGroupBodySchema,
  type PrefillGroupBody,
} from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { PrefillGroupRepository } from './repository';
import { messages } from '../../platform/i18n/catalogue';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = z.object({ type: z.enum(PrefillGroupType).optional() });

/** The items as a clean list: trimmed, non-empty, once each; a list in JSON text is read too. */
function itemsOf(items: PrefillGroupBody['items']): string[] {
  let list: unknown = items;
  if (typeof items === 'string') {
    try {
      list = JSON.parse(items);
    } catch {
      list = null;
    }
  }
  const invalid = new AppError(fill(messages.prefillGroup.itemsInvalid, { limit: PREFILL_GROUP_MAX_ITEMS }));
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string' || item.length > 255)) throw invalid;
  const clean = [...new Set((list as string[]).map((item) => item.trim()).filter(Boolean))];
  if (clean.length > PREFILL_GROUP_MAX_ITEMS) throw invalid;
  return clean;
}

/** Prefill groups (issue 37; reference §10): saved lists of models, tags or endpoints the editors insert. */
export function registerPrefillGroupRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const groups = new PrefillGroupRepository(context.database);
  const admin = { preValidation: guards.admin };

  const checkName = async (name: string, id?: number) => {
    const holder = await groups.idOfName(name);
    if (holder !== undefined && holder !== id) throw new AppError(fill(messages.prefillGroup.nameTaken, { name }));
  };

  for (const path of ['/prefill_group/', '/prefill_group']) {
    app.get(path, { ...admin, schema: { querystring: listQuery } }, async (request) =>
      ok(await groups.list(request.query.type)),
    );

    app.post(path, { ...admin, schema: { body: prefillGroupBodySchema } }, async (request) => {
      const items = itemsOf(request.body.items);
      await checkName(request.body.name);
      const now = nowSeconds();
      const id = await groups.insert({
        name: request.body.name,
        type: request.body.type,
        items: JSON.stringify(items),
        description: request.body.description ?? '',
        created_time: now,
        updated_time: now,
      });
      return ok(await groups.find(id));
    });

    app.put(path, { ...admin, schema: { body: prefillGroupBodySchema } }, async (request) => {
      const { id } = request.body;
      if (!id) throw new AppError(messages.prefillGroup.idRequired);
      if (!(await groups.find(id))) throw new AppError(messages.prefillGroup.notFound);
      const items = itemsOf(request.body.items);
      await checkName(request.body.name, id);
      await groups.update(id, {
        name: request.body.name,
        type: request.body.type,
        items: JSON.stringify(items),
        ...(request.body.description === undefined ? {} : { description: request.body.description }),
        updated_time: nowSeconds(),
      });
      return ok(await groups.find(id));
    });
  }

  app.delete('/prefill_group/:id', { ...admin, schema: { params: idParams } }, async (request) => {
    if (!(await groups.remove(request.params.id))) throw new AppError(messages.prefillGroup.notFound);
    return ok();
  });
}
