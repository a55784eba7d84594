import cluster from 'node:cluster';
import {
  redeemRequestSchema,
  topUpAmountRequestSchema,
  topUpCompleteRequestSchema,
  topUpPayRequestSchema,
  formatMoney,
} from '@switchboard/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../auth/authenticate';
import type { Guards } from '../auth/guards';
import type { ConsoleApp } from '../console-app';
import { finishInheritedCredits } from '../credits/inherited-credits';
import { ok } from '../envelope';
import { pageQuery, pagingOf } from '../paging';
import { registerEpayNotifyRoutes } from './epay-notify-routes';
import { EpayService } from './epay-service';
import { topUpInfo } from './payment-methods';
import { redeemCode } from './redeem-service';
import { registerStripeRoutes } from './stripe-routes';

const listQuerySchema = z.object({ ...pageQuery, keyword: z.string().default('') });

/** Spec 001 §7 wallet calls: redeem a code, price and start an online payment; admins list and complete orders. */
export function registerTopUpRoutes(app: ConsoleApp, context: AppContext, guards: Guards): void {
  const epay = new EpayService(context);

  app.post('/user/topup', { preValidation: guards.user, schema: { body: redeemRequestSchema } }, async (request) =>
    ok(await redeemCode(context, currentUser(request), request.body.key)),
  );

  app.post(
    '/user/amount',
    { preValidation: guards.user, schema: { body: topUpAmountRequestSchema } },
    async (request) => ok(formatMoney(epay.payable(request.body.amount, currentUser(request).group)), 'success'),
  );

  // The reference product answers the gateway address beside `data`, not inside it.
  app.post('/user/pay', { preValidation: guards.user, schema: { body: topUpPayRequestSchema } }, async (request) => {
    const form = await epay.pay(currentUser(request), request.body.amount, request.body.payment_method);
    return { ...ok(form.fields, 'success'), url: form.url };
  });

  app.get('/user/topup/info', { preValidation: guards.user }, async () => ok(topUpInfo(context.options)));

  app.get('/user/topup', { preValidation: guards.admin, schema: { querystring: listQuerySchema } }, async (request) => {
    const { page, size } = pagingOf(request.query);
    return ok(await epay.list(request.query.keyword.trim(), page, size));
  });

  app.post(
    '/user/topup/complete',
    { preValidation: guards.admin, schema: { body: topUpCompleteRequestSchema } },
    async (request) => {
      await epay.completeByHand(request.body.trade_no);
      return ok();
    },
  );

  registerEpayNotifyRoutes(app, epay);
  registerStripeRoutes(app, context, guards);
  // Before the server takes a request: the orders, codes, check-ins and transfers a killed run claimed
  // get their credit. A cluster worker leaves that to its primary, which does it before it forks.
  if (!cluster.isWorker) app.addHook('onReady', () => finishInheritedCredits(context, app.log));
}
