import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { languageOf } from '../../platform/text';
import { criticalRateLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { StripeService } from './stripe-service';

const amountSchema = z.object({ amount: z.number() });
const paySchema = z.object({
  amount: z.number(),
  payment_method: z.string().optional(),
  success_url: z.string().max(2048).optional(),
  cancel_url: z.string().max(2048).optional(),
});

/**
 * The reference answers its Stripe calls outside the console envelope: `{message: "success", data}`, or
 * `{message: "error", data: <reason>}`.
 */
export async function stripeReply(request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>) {
  try {
    return { message: 'success', data: await work() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return reply
      .status(error.status)
      .send({ message: 'error', data: error.text[languageOf(request.headers['accept-language'])] });
  }
}

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** `POST /api/user/stripe/amount`, `POST /api/user/stripe/pay` and the webhook `POST /api/stripe/webhook`. */
export function registerStripeRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const stripe = new StripeService(context);

  app.post('/user/stripe/amount', { preValidation: guards.user, schema: { body: amountSchema } }, (request, reply) =>
    stripeReply(request, reply, async () => stripe.payable(request.body.amount, currentUser(request).group).toFixed(2)),
  );

  app.post(
    '/user/stripe/pay',
    { onRequest: criticalRateLimit(context), preValidation: guards.user, schema: { body: paySchema } },
    (request, reply) =>
      stripeReply(request, reply, async () => ({
        pay_link: await stripe.pay(currentUser(request), request.body, originOf(request)),
      })),
  );

  void app.register(async (scope) => {
    // Encapsulated: the signature covers the exact bytes Stripe sent, so this route keeps them unparsed.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Stripe's events are a few KiB; the limit is the route's, so a refusal can name it.
    scope.post('/stripe/webhook', { bodyLimit: 1024 * 1024 }, async (request, reply) => {
      const status = await stripe.webhook(
        request.body as Buffer,
        request.headers['stripe-signature'] as string | undefined,
      );
      return reply.status(status).send(status === 200 ? { received: true } : { message: 'error' });
    });
  });
}
