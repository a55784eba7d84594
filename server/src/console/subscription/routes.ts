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
  /** An administrator's call on one record (`:id` in the path), with a body when it takes one. */
  const adminOnRecord = <Body extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body: Body | null,
    answer: (id: number, body: z.infer<Body>) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      ...admin,
      schema: body ? { params: idParams, body } : { params: idParams },
      handler: async (request) => ok(await answer(request.params.id, request.body as z.infer<Body>)),
    });

  app.get('/subscription/admin/plans', admin, async () => ok(await service.plans(false)));
  app.post('/subscription/admin/plans', { ...admin, schema: { body: planBody } }, async (request) =>
    ok(await service.createPlan(request.body.plan)),
  );
  adminOnRecord('PUT', '/subscription/admin/plans/:id', planBody, (id, body) => service.updatePlan(id, body.plan));
  adminOnRecord('PATCH', '/subscription/admin/plans/:id', enabledBody, (id, body) =>
    service.setEnabled(id, body.enabled),
  );
  app.post('/subscription/admin/bind', { ...admin, schema: { body: bindBody } }, async (request) => {
    const { group } = await service.bind(request.body.user_id, request.body.plan_id);
    const language = languageOf(request.headers['accept-language']);
    return ok(group === null ? {} : { message: fill(messages.subscription.groupChanged, { group })[language] });
  });
  adminOnRecord('GET', '/subscription/admin/users/:id/subscriptions', null, (id) => service.subscriptionsOf(id));
  adminOnRecord('POST', '/subscription/admin/users/:id/subscriptions', planIdBody, (id, body) =>
    service.bind(id, body.plan_id),
  );
  adminOnRecord('POST', '/subscription/admin/users/:id/subscriptions/reset', resetBody, (id, body) =>
    service.reset({ userId: id, planId: body.plan_id || undefined }, body.advance_reset_time ?? false),
  );
  adminOnRecord('POST', '/subscription/admin/plans/:id/subscriptions/reset', resetBody, (id, body) =>
    service.reset({ planId: id }, body.advance_reset_time ?? false),
  );
  adminOnRecord('POST', '/subscription/admin/user_subscriptions/:id/invalidate', null, (id) => service.invalidate(id));
  adminOnRecord('DELETE', '/subscription/admin/user_subscriptions/:id', null, (id) => service.remove(id));
}
