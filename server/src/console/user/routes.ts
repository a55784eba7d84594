import {
  affTransferRequestSchema,
  loginRequestSchema,
  selfUpdateRequestSchema,
  userSettingSchema,
} from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { turnstileCheck } from '../account/turnstile';
import { ok } from '../envelope';
import type { ConsoleApp } from '../console-app';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import { completeOrAskSecondStep } from '../auth/second-step';
import { clearSessionCookie, endSession, startSession } from '../auth/session-cookie';
import { SelfService } from './self-service';
import { signInWithPassword } from './session-service';
import { toUserView } from './user-view';

const turnstileQuerySchema = z.object({ turnstile: z.string().optional() });

export function registerUserSessionRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const self = new SelfService(context);
  // Before validation, so a caller without a session hears 401 rather than about a malformed body.
  const guarded = { preValidation: guards.user };

  app.post(
    '/user/login',
    // Not under the critical limit: failed sign-ins are counted per address and account instead.
    { preHandler: turnstileCheck(context), schema: { body: loginRequestSchema, querystring: turnstileQuerySchema } },
    async (request, reply) => {
      const user = await signInWithPassword(context, request.body.username, request.body.password, request.ip);
      return completeOrAskSecondStep(request, reply, context, user);
    },
  );

  app.get('/user/logout', async (request, reply) => {
    await endSession(request, reply, context);
    return ok();
  });

  app.get('/user/self', guarded, async (request) => ok(toUserView(await self.withLiveQuota(currentUser(request)))));

  app.put('/user/self', { ...guarded, schema: { body: selfUpdateRequestSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const { sessionEpoch } = await self.update(user, request.body);
    // The password changed and every session ended: this one stays signed in with a fresh cookie.
    if (sessionEpoch !== null) await startSession(reply, context, user.id, sessionEpoch);
    return ok();
  });

  app.delete('/user/self', guarded, async (request, reply) => {
    await self.deregister(currentUser(request));
    clearSessionCookie(reply);
    return ok();
  });

  app.get('/user/token', guarded, async (request) => ok(await self.newAccessToken(currentUser(request))));

  app.get('/user/aff', guarded, async (request) => ok(await self.affCode(currentUser(request))));

  app.post('/user/aff_transfer', { ...guarded, schema: { body: affTransferRequestSchema } }, async (request) => {
    await self.transferAffQuota(currentUser(request), request.body.quota);
    return ok();
  });

  app.put('/user/setting', { ...guarded, schema: { body: userSettingSchema } }, async (request) => {
    await self.saveSetting(currentUser(request), request.body);
    return ok();
  });

  app.get('/user/models', guarded, async (request) => ok(await self.usableModels(currentUser(request))));

  app.get('/user/self/groups', guarded, async (request) => ok(self.usableGroupsOf(currentUser(request))));
}
