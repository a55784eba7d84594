import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { fill, languageOf } from '../../platform/text';
import { criticalRateLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { registerPlanPaymentRoutes } from './payment-routes';
import { planInputSchema } from './plan-fields';
import { SubscriptionService } from './subscription-service';
import { messages } from '../../platform/i18n/catalogue';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const planIdBody = z.object({ plan_id: z.number().int().positive() });
const planBody = z.object({ plan: planInputSchema });
const enabledBody = z.object({ enabled: z.boolean() });
const preferenceBody = z.object({ billing_preference: z.string().max(32) });
const bindBody = z.object({ user_id: z.number().int().positive(), plan_id: z.number().int().positive() });
const resetBody = z.object({
  plan_id: z.number().int().nonnegative().optional(),
  advance_reset_time: z.boolean().optional(),
});

/** `/api/subscription/*` (reference features §6): the user's plans, subscriptions, preference and balance purchase; the admin's plans and subscriptions. */
export function registerSubscriptionRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const service = new SubscriptionService(context);

  app.get('/subscription/plans', { preValidation: guards.user }, async () => ok(await service.plans(true)));
  app.get('/subscription/self', { preValidation: guards.user }, async (request) =>
    ok(await service.self(currentUser(request).id)),
  );
  app.put(
    '/subscription/self/preference',
    { preValidation: guards.user, schema: { body: preferenceBody } },
    async (request) =>
      ok({ billing_preference: await service.setPreference(currentUser(request).id, request.body.billing_preference) }),
  );
  app.post(
    '/subscription/balance/pay',
    { onRequest: criticalRateLimit(context), preValidation: guards.user, schema: { body: planIdBody } },
    async (request) => ok(await service.buyWithBalance(currentUser(request), request.body.plan_id), 'success'),
  );

  registerPlanPaymentRoutes(app, context, guards);

  const admin = { preValidation: guards.admin };
  app.get('/subscription/admin/plans', admin, async () => ok(await service.plans(false)));
  app.post('/subscription/admin/plans', { ...admin, schema: { body: planBody } }, async (request) =>
    ok(await service.createPlan(request.body.plan)),
  );
  app.put(
    '/subscription/admin/plans/:id',
    { ...admin, schema: { params: idParams, body: planBody } },
    async (request) => ok(await service.updatePlan(request.params.id, request.body.plan)),
  );
  app.patch(
    '/subscription/admin/plans/:id',
    { ...admin, schema: { params: idParams, body: enabledBody } },
    async (request) => ok(await service.setEnabled(request.params.id, request.body.enabled)),
  );
  app.post('/subscription/admin/bind', { ...admin, schema: { body: bindBody } }, async (request) => {
    const { group } = await service.bind(request.body.user_id, request.body.plan_id);
    const language = languageOf(request.headers['accept-language']);
    return ok(group === null ? {} : { message: fill(messages.subscription.groupChanged, { group })[language] });
  });
  app.get('/subscription/admin/users/:id/subscriptions', { ...admin, schema: { params: idParams } }, async (request) =>
    ok(await service.subscriptionsOf(request.params.id)),
  );
  app.post(
    '/subscription/admin/users/:id/subscriptions',
    { ...admin, schema: { params: idParams, body: planIdBody } },
    async (request) => ok(await service.bind(request.params.id, request.body.plan_id)),
  );
  app.post(
    '/subscription/admin/users/:id/subscriptions/reset',
    { ...admin, schema: { params: idParams, body: resetBody } },
    async (request) =>
      ok(
        await service.reset(
          { userId: request.params.id, planId: request.body.plan_id || undefined },
          request.body.advance_reset_time ?? false,
        ),
      ),
  );
  app.post(
    '/subscription/admin/plans/:id/subscriptions/reset',
    { ...admin, schema: { params: idParams, body: resetBody } },
    async (request) => ok(await service.reset({ planId: request.params.id }, request.body.advance_reset_time ?? false)),
  );
  app.post(
    '/subscription/admin/user_subscriptions/:id/invalidate',
    { ...admin, schema: { params: idParams } },
    async (request) => {
      await service.invalidate(request.params.id);
      return ok();
    },
  );
  app.delete(
    '/subscription/admin/user_subscriptions/:id',
    { ...admin, schema: { params: idParams } },
    async (request) => {
      await service.remove(request.params.id);
      return ok();
    },
  );
}
