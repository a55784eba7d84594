import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { criticalRateLimit } from '../account/critical-limit';
import { readSession } from '../account/session-flow';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import { endAllSessions, endOtherSessions, startSession } from '../auth/session-cookie';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { issueProof, PROOF_SCOPES, requireProof } from '../secure-verify/proof';
import { TwoFactorService } from '../two-factor/two-factor-service';
import { refusalOf } from '../user-admin/permissions';
import { UserRepository } from '../user/repository';
import { toSessionUser } from '../user/user-view';
import { relyingPartyOf } from './relying-party';
import { PasskeyService, type FlowOwner } from './passkey-service';
import { messages } from '../../platform/i18n/catalogue';

const finishBodySchema = z.object({ flow_token: z.string().max(128), credential: z.record(z.string(), z.unknown()) });
const verifyBeginSchema = z.object({ scope: z.enum(PROOF_SCOPES) });
const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Reference §2: one's own passkey, passwordless sign-in, step-up verification and the administrator's reset. */
export function registerPasskeyRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const passkeys = new PasskeyService(context);
  const twoFactor = new TwoFactorService(context);
  const users = new UserRepository(context.database);
  const critical = criticalRateLimit(context);
  const ownerOf = (request: FastifyRequest): FlowOwner => {
    const user = currentUser(request);
    return { userId: user.id, sessionId: readSession(request, context)?.sid ?? '', epoch: user.session_epoch };
  };
  const registerProof = requireProof(context, 'passkey.register', () => ['2fa']);
  // A user with two-factor proves it before adding a passkey; one without has nothing stronger than the session.
  const proofWhenTwoFactor = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await twoFactor.isEnabled(currentUser(request).id)) return registerProof(request, reply);
  };
  const deleteProof = requireProof(context, 'passkey.delete', async (request) =>
    (await twoFactor.isEnabled(currentUser(request).id)) ? ['2fa'] : ['passkey'],
  );
  const user = { preValidation: guards.user };

  app.get('/user/passkey', user, async (request) => ok(await passkeys.status(currentUser(request).id)));

  app.post('/user/passkey/register/begin', { ...user, preHandler: proofWhenTwoFactor }, async (request, reply) => {
    noStore(reply);
    return ok(
      await passkeys.beginRegistration(relyingPartyOf(context, request), currentUser(request), ownerOf(request)),
    );
  });

  app.post(
    '/user/passkey/register/finish',
    { ...user, preHandler: proofWhenTwoFactor, schema: { body: finishBodySchema } },
    async (request, reply) => {
      noStore(reply);
      const credential = request.body.credential as unknown as RegistrationResponseJSON;
      await passkeys.finishRegistration(
        relyingPartyOf(context, request),
        ownerOf(request),
        request.body.flow_token,
        credential,
      );
      await endOtherSessions(reply, context, currentUser(request).id);
      return ok();
    },
  );

  app.post('/user/passkey/verify/begin', { ...user, schema: { body: verifyBeginSchema } }, async (request, reply) => {
    noStore(reply);
    return ok(
      await passkeys.beginAssertion(
        relyingPartyOf(context, request),
        'passkey_verify',
        ownerOf(request),
        request.body.scope,
      ),
    );
  });

  app.post('/user/passkey/verify/finish', { ...user, schema: { body: finishBodySchema } }, async (request, reply) => {
    noStore(reply);
    const credential = request.body.credential as unknown as AuthenticationResponseJSON;
    const { scope } = await passkeys.finishAssertion(
      relyingPartyOf(context, request),
      'passkey_verify',
      ownerOf(request),
      request.body.flow_token,
      credential,
    );
    return ok(issueProof(context, request, 'passkey', scope as (typeof PROOF_SCOPES)[number]));
  });

  app.delete('/user/passkey', { ...user, preHandler: deleteProof }, async (request, reply) => {
    noStore(reply);
    const caller = currentUser(request);
    if (!(await passkeys.repository.remove(caller.id))) throw new AppError(messages.passkey.notRegistered);
    await endOtherSessions(reply, context, caller.id);
    return ok();
  });

  app.post('/user/passkey/login/begin', { onRequest: critical }, async (request, reply) => {
    noStore(reply);
    return ok(await passkeys.beginAssertion(relyingPartyOf(context, request), 'passkey_login', null));
  });

  app.post(
    '/user/passkey/login/finish',
    { onRequest: critical, schema: { body: finishBodySchema } },
    async (request, reply) => {
      noStore(reply);
      const credential = request.body.credential as unknown as AuthenticationResponseJSON;
      const { user: signedIn } = await passkeys.finishAssertion(
        relyingPartyOf(context, request),
        'passkey_login',
        null,
        request.body.flow_token,
        credential,
      );
      await startSession(reply, context, signedIn.id, signedIn.session_epoch);
      return ok(toSessionUser(signedIn));
    },
  );

  app.delete(
    '/user/:id/reset_passkey',
    { preValidation: guards.admin, schema: { params: idParamsSchema } },
    async (request) => {
      const target = await users.findById(request.params.id);
      if (!target || target.deleted_at !== null) throw new AppError(messages.common.userNotFound);
      const refusal = refusalOf(currentUser(request), target, 'update');
      if (refusal) throw new AppError(refusal);
      if (!(await passkeys.repository.remove(target.id))) throw new AppError(messages.passkey.userHasNoPasskey);
      await endAllSessions(context, target.id);
      return ok();
    },
  );
}
