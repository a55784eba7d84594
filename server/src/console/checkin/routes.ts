import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { turnstileCheck } from '../account/turnstile';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { CheckinService } from './checkin-service';

const monthQuerySchema = z.object({ month: z.string().max(16).optional() });
const turnstileQuerySchema = z.object({ turnstile: z.string().optional() });

/** `GET /api/user/checkin?month=YYYY-MM` and `POST /api/user/checkin` (behind Turnstile when it is on). */
export function registerCheckinRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const checkins = new CheckinService(context);
  app.get('/user/checkin', { preValidation: guards.user, schema: { querystring: monthQuerySchema } }, async (request) =>
    ok(await checkins.status(currentUser(request).id, request.query.month)),
  );
  app.post(
    '/user/checkin',
    { preValidation: guards.user, preHandler: turnstileCheck(context), schema: { querystring: turnstileQuerySchema } },
    async (request) => ok(await checkins.checkIn(currentUser(request))),
  );
}
