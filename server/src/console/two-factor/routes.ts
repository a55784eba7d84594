import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { criticalRateLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import { pendingSignInToken } from '../auth/second-step';
import { endAllSessions, endOtherSessions, startSession } from '../auth/session-cookie';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { refusalOf } from '../user-admin/permissions';
import { UserRepository } from '../user/repository';
import { TwoFactorService } from './two-factor-service';
import { completeTwoFactorSignIn } from './sign-in';
import { messages } from '../../platform/i18n/catalogue';

const codeBodySchema = z.object({ code: z.string().max(64).default('') });
const signInBodySchema = z.object({ code: z.string().max(64).default(''), flow_token: z.string().max(128).optional() });
const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Reference §1: one's own two-factor settings, the second sign-in step, and the administrator's removal. */
export function registerTwoFactorRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const twoFactor = new TwoFactorService(context);
  const users = new UserRepository(context.database);
  const user = { preValidation: guards.user };
  const critical = criticalRateLimit(context);

  app.get('/user/2fa/status', user, async (request) => ok(await twoFactor.status(currentUser(request).id)));

  app.post('/user/2fa/setup', user, async (request, reply) => {
    noStore(reply);
    return ok(await twoFactor.setup(currentUser(request)));
  });

  // Turning the second factor on or off takes a current code and ends the user's other sessions.
  for (const action of ['enable', 'disable'] as const) {
    app.post(`/user/2fa/${action}`, { ...user, schema: { body: codeBodySchema } }, async (request, reply) => {
      noStore(reply);
      const caller = currentUser(request);
      await twoFactor[action](caller, request.body.code);
      await endOtherSessions(reply, context, caller.id);
      return ok();
    });
  }

  app.post('/user/2fa/backup_codes', { ...user, schema: { body: codeBodySchema } }, async (request, reply) => {
    noStore(reply);
    const caller = currentUser(request);
    const codes = await twoFactor.regenerate(caller, request.body.code);
    await endOtherSessions(reply, context, caller.id);
    return ok({ backup_codes: codes });
  });

  app.post('/user/login/2fa', { onRequest: critical, schema: { body: signInBodySchema } }, async (request, reply) => {
    noStore(reply);
    const token = pendingSignInToken(request, context, request.body.flow_token);
    const signedIn = await completeTwoFactorSignIn(context, twoFactor, token, request.body.code);
    await startSession(reply, context, signedIn.id);
    return ok(signedIn);
  });

  app.get('/user/2fa/stats', { preValidation: guards.admin }, async () => ok(await twoFactor.stats()));

  app.delete('/user/:id/2fa', { preValidation: guards.admin, schema: { params: idParamsSchema } }, async (request) => {
    const caller = currentUser(request);
    const target = await users.findById(request.params.id);
    if (!target || target.deleted_at !== null) throw new AppError(messages.common.userNotFound);
    const refusal = refusalOf(caller, target, 'update');
    if (refusal) throw new AppError(refusal);
    if (!(await twoFactor.isEnabled(target.id))) throw new AppError(messages.twoFactor.notEnabled);
    await twoFactor.repository.remove(target.id);
    await endAllSessions(context, target.id);
    return ok();
  });
}
