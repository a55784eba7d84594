import { passwordResetRequestSchema, registerRequestSchema } from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { languageOf } from '../../platform/text';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { VerificationService } from '../verification/verification-service';
import { criticalRateLimit } from './critical-limit';
import { register } from './register-service';
import { turnstileCheck } from './turnstile';

const emailQuerySchema = z.object({ email: z.string().default(''), turnstile: z.string().optional() });
const turnstileQuerySchema = z.object({ turnstile: z.string().optional() });

/** Registration, mailed codes and the password reset (spec 000 §7); all under the critical limit. */
export function registerAccountRoutes(app: ConsoleApp, context: AppContext): void {
  const verification = new VerificationService(context);
  const critical = criticalRateLimit(context);
  // The limit counts every call, malformed ones included, so it runs before validation.
  const checked = { onRequest: critical, preHandler: turnstileCheck(context) };

  app.post(
    '/user/register',
    { ...checked, schema: { body: registerRequestSchema, querystring: turnstileQuerySchema } },
    async (request) => {
      await register(context, request.body);
      return ok();
    },
  );

  app.get('/verification', { ...checked, schema: { querystring: emailQuerySchema } }, async (request) => {
    await verification.sendCode(request.query.email.trim(), languageOf(request.headers['accept-language']));
    return ok();
  });

  app.get('/reset_password', { ...checked, schema: { querystring: emailQuerySchema } }, async (request) => {
    await verification.sendResetLink(request.query.email.trim(), languageOf(request.headers['accept-language']));
    return ok();
  });

  app.post('/user/reset', { onRequest: critical, schema: { body: passwordResetRequestSchema } }, async (request) =>
    ok(await verification.resetPassword(request.body.email.trim(), request.body.token.trim())),
  );
}
