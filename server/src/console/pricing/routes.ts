import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { SESSION_COOKIE } from '../../platform/session';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { buildPricing } from './pricing-service';
import { requestCookies } from '../../platform/request-cookies';

/** The signed-in caller's group, or null for a visitor (the pricing page is public). */
async function optionalGroup(guards: Guards, request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  if (!requestCookies(request)[SESSION_COOKIE] && !request.headers.authorization) return null;
  try {
    await guards.user(request, reply);
    return request.user?.group ?? null;
  } catch {
    return null;
  }
}

/** Spec 001 §7 `GET /api/pricing`: `data` plus `group_ratio` and `usable_group` beside it. */
export function registerPricingRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  app.get('/pricing', async (request, reply) => {
    const pricing = await buildPricing(context, await optionalGroup(guards, request, reply));
    return { success: true, message: '', ...pricing };
  });
}
