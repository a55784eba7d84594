import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { criticalRateLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { TwoFactorService } from '../two-factor/two-factor-service';
import { issueProof, PROOF_SCOPES } from './proof';
import { messages } from '../../platform/i18n/catalogue';

const verifyBodySchema = z.object({
  method: z.enum(['2fa', 'passkey']),
  code: z.string().max(64).default(''),
  scope: z.enum(PROOF_SCOPES),
});

/**
 * `POST /api/verify` (reference §3): a 2FA code (TOTP or a backup code, which is used up) earns a
 * five-minute proof for one sensitive scope; failures count toward the 2FA lockout.
 */
export function registerSecureVerifyRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const twoFactor = new TwoFactorService(context);
  app.post(
    '/verify',
    { onRequest: criticalRateLimit(context), preValidation: guards.user, schema: { body: verifyBodySchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.body.method === 'passkey') throw new AppError(messages.securityProof.usePasskeyFlow);
      await twoFactor.check(currentUser(request).id, request.body.code, { backupCodes: true });
      return ok(issueProof(context, request, '2fa', request.body.scope));
    },
  );
}
