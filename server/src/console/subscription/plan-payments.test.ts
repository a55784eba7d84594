import type { SubscriptionSelf } from '@switchboard/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { FakeEpayGateway, type ReceivedOrder } from '../../testing/fake-epay-gateway';
import { FakeStripe } from '../../testing/fake-stripe';
import { configurePayments } from '../../testing/stripe-settings';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import { newMember } from '../../testing/token-fixtures';
import { createPlan } from '../../testing/subscription-fixtures';
import { storedRow, storedValue } from '../../testing/stored-rows';

const MERCHANT_KEY = 'plan-merchant-key';
const WEBHOOK_SECRET = 'whsec_plans';

await describeOnEachDatabase('plans paid at epay and Stripe on %s', (server) => {
  let root: ConsoleClient;
  const gateway = new FakeEpayGateway(MERCHANT_KEY);
  const stripe = new FakeStripe();

  const buyer = (name: string) => newMember(server, name);
  const subscriptionsOf = async (call: ConsoleClient) =>
    (await call<SubscriptionSelf>('GET', '/subscription/self')).data?.all_subscriptions ?? [];
  const countRows = async (table: 'top_ups' | 'logs' | 'subscription_orders', userId: number) =>
    (await server.context.database.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
  const orderStatus = async (tradeNo: string) =>
    await storedValue(server.context.database.db, 'subscription_orders', { trade_no: tradeNo }, 'status');
  const deliver = (delivery: { body: string; signature: string }) =>
    server.call('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      body: delivery.body,
    });

  beforeAll(async () => {
    await Promise.all([gateway.start(), stripe.start()]);
    root = consoleClient(server, await signIn(server, 'root', '123456'));
    await configurePayments(root, {
      ServerAddress: server.url,
      PayAddress: gateway.address,
      EpayId: '2002',
      EpayKey: MERCHANT_KEY,
      StripeApiSecret: 'sk_test_plans',
      StripeWebhookSecret: WEBHOOK_SECRET,
      StripePriceId: 'price_units',
      StripeApiAddress: stripe.url,
    });
  });
  afterAll(() => Promise.all([gateway.stop(), stripe.stop()]));

  /** Starts paying a plan at epay and posts the form to the gateway, as the console's browser does. */
  const payAtGateway = async (call: ConsoleClient, planId: number): Promise<ReceivedOrder> => {
    const reply = await call<Record<string, string>>('POST', '/subscription/epay/pay', {
      plan_id: planId,
      payment_method: 'zfb',
    });
    expect(reply, reply.message).toMatchObject({
      success: true,
      message: 'success',
      url: `${gateway.address}/submit.php`,
    });
    expect(
      (await fetch(String(reply.url), { method: 'POST', body: new URLSearchParams(reply.data ?? {}) })).status,
    ).toBe(200);
    return gateway.orders.at(-1) as ReceivedOrder;
  };

  it('an epay purchase is granted once under 20 parallel notifications; a forged one changes nothing', async () => {
    const plan = await createPlan(root, { price_amount: 9.9, total_amount: 70_000, upgrade_group: 'vip' });
    const amy = await buyer('epay-amy');
    const order = await payAtGateway(amy.call, plan.id);
    expect(order.fields).toMatchObject({
      money: '9.90',
      type: 'alipay',
      notify_url: `${server.url}/api/subscription/epay/notify`,
      return_url: `${server.url}/api/subscription/epay/return`,
    });
    expect(await orderStatus(order.fields.out_trade_no ?? '')).toBe('pending');

    expect(await gateway.notify(order, { signingKey: 'forged' })).toBe('fail');
    expect(await gateway.notify(order, { money: '0.01' })).toBe('fail');
    expect(await subscriptionsOf(amy.call)).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => gateway.notify(order, { method: index % 2 ? 'POST' : 'GET' })),
    );
    expect(answers.every((answer) => answer === 'success')).toBe(true);
    const subscriptions = await subscriptionsOf(amy.call);
    expect(subscriptions.map((entry) => entry.subscription)).toEqual([
      expect.objectContaining({ plan_id: plan.id, source: 'order', status: 'active', amount_total: 70_000 }),
    ]);
    expect(await orderStatus(order.fields.out_trade_no ?? '')).toBe('success');
    expect({ topUps: await countRows('top_ups', amy.id), logs: await countRows('logs', amy.id) }).toEqual({
      topUps: 1,
      logs: 1,
    });
    const group = await storedRow(server.context.database.db, 'users', { id: amy.id }, ['group']);
    expect(group.group).toBe('vip');

    // The payer's browser comes back: to the wallet, told how it went; a replay grants nothing more.
    expect(await gateway.returnBrowser(order)).toBe(`${server.url}/topup?pay=success`);
    expect(await gateway.returnBrowser(order, { tradeStatus: 'WAIT_BUYER_PAY' })).toBe(
      `${server.url}/topup?pay=pending`,
    );
    expect(await gateway.returnBrowser(order, { signingKey: 'forged' })).toBe(`${server.url}/topup?pay=fail`);
    expect(await subscriptionsOf(amy.call)).toHaveLength(1);
  });

  it('refuses an unknown method, a disabled plan and a plan at its limit, in both languages, placing no order', async () => {
    const plan = await createPlan(root, { price_amount: 1, max_purchase_per_user: 1 });
    const bob = await buyer('epay-bob');
    expect(
      await bob.call('POST', '/subscription/epay/pay', { plan_id: plan.id, payment_method: 'paypal' }),
    ).toMatchObject({ success: false, message: 'Unknown payment method' });
    const order = await payAtGateway(bob.call, plan.id);
    expect(await gateway.notify(order)).toBe('success');
    expect(await bob.zh('POST', '/subscription/epay/pay', { plan_id: plan.id, payment_method: 'zfb' })).toMatchObject({
      success: false,
      message: '已达到该套餐的购买上限',
    });
    await root('PATCH', `/subscription/admin/plans/${plan.id}`, { enabled: false });
    expect(await bob.call('POST', '/subscription/epay/pay', { plan_id: plan.id, payment_method: 'zfb' })).toMatchObject(
      { success: false, message: 'The plan is not enabled' },
    );
    expect(await countRows('subscription_orders', bob.id)).toBe(1);
  });

  it('a Stripe purchase opens a subscription-mode checkout, the webhook grants it once, and the customer is kept for the next checkout', async () => {
    const plan = await createPlan(root, {
      price_amount: 12,
      stripe_price_id: 'price_plan_month',
      total_amount: 90_000,
    });
    const cat = await buyer('card-cat');
    expect(
      await cat.call('POST', '/subscription/stripe/pay', {
        plan_id: (await createPlan(root, { price_amount: 1 })).id,
      }),
    ).toEqual({
      message: 'error',
      data: 'This plan has no Stripe price',
    });

    const reply = await cat.call<{ pay_link: string }>('POST', '/subscription/stripe/pay', { plan_id: plan.id });
    expect(reply).toMatchObject({
      message: 'success',
      data: { pay_link: expect.stringContaining(`${stripe.url}/c/pay/`) },
    });
    const first = stripe.checkouts.at(-1)?.fields ?? {};
    expect(first).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_plan_month',
      'line_items[0][quantity]': '1',
    });
    expect(first.customer).toBeUndefined();
    const tradeNo = first.client_reference_id ?? '';

    // Not yet paid (a delayed method): nothing; then paid, delivered 20 times at once: granted once.
    expect(
      (
        await deliver(
          FakeStripe.event(WEBHOOK_SECRET, 'checkout.session.completed', {
            client_reference_id: tradeNo,
            status: 'complete',
            payment_status: 'unpaid',
            customer: 'cus_cat',
          }),
        )
      ).status,
    ).toBe(200);
    expect(await subscriptionsOf(cat.call)).toEqual([]);
    const paid = { client_reference_id: tradeNo, status: 'complete', payment_status: 'paid', customer: 'cus_cat' };
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        deliver(FakeStripe.event(WEBHOOK_SECRET, 'checkout.session.completed', paid)).then(
          (response) => response.status,
        ),
      ),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await subscriptionsOf(cat.call)).map((entry) => entry.subscription.plan_id)).toEqual([plan.id]);
    expect(await orderStatus(tradeNo)).toBe('success');
    // The plan's order took the trade number: no top-up of that number was credited.
    expect(await storedValue(server.context.database.db, 'users', { id: cat.id }, 'quota')).toBe(0);

    await cat.call('POST', '/subscription/stripe/pay', { plan_id: plan.id });
    expect(stripe.checkouts.at(-1)?.fields).toMatchObject({ mode: 'subscription', customer: 'cus_cat' });
    const next = stripe.checkouts.at(-1)?.fields.client_reference_id ?? '';
    expect(
      (await deliver(FakeStripe.event(WEBHOOK_SECRET, 'checkout.session.expired', { client_reference_id: next })))
        .status,
    ).toBe(200);
    expect(await orderStatus(next)).toBe('expired');
    expect(
      (
        await deliver(
          FakeStripe.event(WEBHOOK_SECRET, 'checkout.session.completed', { ...paid, client_reference_id: next }),
        )
      ).status,
    ).toBe(200);
    expect(await subscriptionsOf(cat.call)).toHaveLength(1);
  });
});
