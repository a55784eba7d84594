import { formatMoney } from '@switchboard/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { criticalRateLimit } from '../account/critical-limit';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { registerEpayCallback } from '../topup/epay-notify-routes';
import { EpayService, tradeNumber } from '../topup/epay-service';
import { originOf, stripeReply } from '../topup/stripe-routes';
import { stripeTradeNumber, StripeService } from '../topup/stripe-service';
import { messages } from '../../platform/i18n/catalogue';
import { SubscriptionOrders } from './subscription-orders';

const epayBody = z.object({ plan_id: z.number().int().positive(), payment_method: z.string().max(32) });
const stripeBody = z.object({ plan_id: z.number().int().positive() });
const NOTIFY_PATH = '/subscription/epay/notify';
const RETURN_PATH = '/subscription/epay/return';

/**
 * Buying a plan at a payment gateway (reference features §6): epay's form and its callbacks, and a
 * Stripe Checkout Session in subscription mode, completed by the Stripe webhook (topup/stripe-service.ts).
 */
export function registerPlanPaymentRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const orders = new SubscriptionOrders(context);
  const epay = new EpayService(context);
  const stripe = new StripeService(context);
  const paying = { onRequest: criticalRateLimit(context), preValidation: guards.user };

  // The reference answers the gateway address beside `data`, as the top-up's `/user/pay`.
  app.post('/subscription/epay/pay', { ...paying, schema: { body: epayBody } }, async (request) => {
    const user = currentUser(request);
    const plan = await orders.purchasable(user.id, request.body.plan_id);
    const tradeNo = `SUB${tradeNumber(user.id, nowSeconds())}`;
    const form = epay.form({
      tradeNo,
      method: request.body.payment_method,
      name: `SUB:${plan.title}`,
      money: plan.price_amount,
      notifyPath: NOTIFY_PATH,
      returnPath: `/api${RETURN_PATH}`,
    });
    await orders.place({
      user_id: user.id,
      plan_id: plan.id,
      money: plan.price_amount,
      trade_no: tradeNo,
      payment_method: request.body.payment_method,
      payment_provider: 'epay',
    });
    return { ...ok(form.fields, 'success'), url: form.url };
  });

  /** A verified, successful epay callback completes its order (once); answers what became of it. */
  const settle = async (params: Record<string, string>): Promise<'success' | 'pending' | 'fail'> => {
    if (!epay.verified(params)) return 'fail';
    if (params.trade_status !== 'TRADE_SUCCESS') return 'pending';
    const order = await orders.find(params.out_trade_no ?? '');
    if (!order || order.payment_provider !== 'epay' || formatMoney(Number(params.money)) !== formatMoney(order.money))
      return 'fail';
    await orders.complete(order.trade_no);
    return 'success';
  };
  registerEpayCallback(app, NOTIFY_PATH, async (params, reply) => {
    const outcome = await settle(params);
    return reply.type('text/plain; charset=utf-8').send(outcome === 'fail' ? 'fail' : 'success');
  });
  registerEpayCallback(app, RETURN_PATH, async (params, reply: FastifyReply) => {
    const site = context.options.string('ServerAddress').replace(/\/+$/, '');
    return reply.redirect(`${site}/topup?pay=${await settle(params)}`);
  });

  app.post('/subscription/stripe/pay', { ...paying, schema: { body: stripeBody } }, (request, reply) =>
    stripeReply(request, reply, async () => {
      const user = currentUser(request);
      if (!stripe.enabled()) throw new AppError(messages.subscription.stripeDisabled);
      const plan = await orders.purchasable(user.id, request.body.plan_id);
      if (plan.stripe_price_id === '') throw new AppError(messages.subscription.stripePriceMissing);
      const tradeNo = stripeTradeNumber(user.id);
      const origin = originOf(request);
      const payLink = await stripe.checkout(user, {
        mode: 'subscription',
        tradeNo,
        price: plan.stripe_price_id,
        quantity: 1,
        successUrl: stripe.trustedReturn(undefined, '/topup?pay=success', origin),
        cancelUrl: stripe.trustedReturn(undefined, '/topup?pay=fail', origin),
      });
      await orders.place({
        user_id: user.id,
        plan_id: plan.id,
        money: plan.price_amount,
        trade_no: tradeNo,
        payment_method: 'stripe',
        payment_provider: 'stripe',
      });
      return { pay_link: payLink };
    }),
  );
}
