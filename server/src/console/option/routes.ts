import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { languageOf } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { OptionService } from './option-service';

/** `value` may be left out: the reference's console sends an emptied field that way, and it stores "". */
const updateBodySchema = z.object({ key: z.string(), value: z.unknown().optional() });

/** Spec 000 §7 option calls; super admins only. */
export function registerOptionRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const options = new OptionService(context);
  const guarded = { preValidation: guards.root };

  // The spec writes the path with a trailing slash; both spellings answer.
  for (const path of ['/option/', '/option']) {
    app.get(path, guarded, async () => ok(options.list()));

    app.put(path, { ...guarded, schema: { body: updateBodySchema } }, async (request) => {
      await options.update(request.body.key, request.body.value);
      return ok();
    });
  }

  app.post('/option/rest_model_ratio', guarded, async (request) => {
    const text = await options.resetPriceTables();
    return ok(undefined, text[languageOf(request.headers['accept-language'])]);
  });
}
