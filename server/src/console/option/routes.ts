import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { languageOf } from '../../platform/text';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { currentUser } from '../auth/authenticate';
import { messages } from '../../platform/i18n/catalogue';
import { OptionService } from './option-service';
import { confirmPaymentCompliance, PAYMENT_COMPLIANCE_TERMS_VERSION } from './payment-compliance';

/** `value` may be left out: the reference's console sends an emptied field that way, and it stores "". */
const complianceBodySchema = z.object({ confirmed: z.boolean() });
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

  app.post('/option/payment_compliance', { ...guarded, schema: { body: complianceBodySchema } }, async (request) => {
    if (!request.body.confirmed) throw new AppError(messages.option.complianceNotConfirmed);
    await confirmPaymentCompliance(context, currentUser(request).id, request.ip, nowSeconds());
    return ok({
      compliance_confirmed: true,
      compliance_terms_version: PAYMENT_COMPLIANCE_TERMS_VERSION,
      compliance_confirmed_at: context.options.number('payment_setting.compliance_confirmed_at'),
    });
  });

  app.post('/option/rest_model_ratio', guarded, async (request) => {
    const text = await options.resetPriceTables();
    return ok(undefined, text[languageOf(request.headers['accept-language'])]);
  });
}
