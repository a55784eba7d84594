import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, sendJson, type ConsoleClient } from '../../testing/console-client';
import { FakeStripe } from '../../testing/fake-stripe';
import { startServerProcess } from '../../testing/server-process';
import { configurePayments, STRIPE_WEBHOOK_SECRET, stripeOptions } from '../../testing/stripe-settings';
import { signIn, startTestServer, type TestServer } from '../../testing/test-server';
import { newMember, type Member } from '../../testing/token-fixtures';
import { quotaOf } from '../../testing/wallet-fixtures';
import { storedWholeRow } from '../../testing/stored-rows';

type Caller = Pick<TestServer, 'call'>;
const deliver = (server: Caller, delivery: { body: string; signature: string }) =>
  server.call('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    body: delivery.body,
  });
const paid = (tradeNo: string) => ({
  client_reference_id: tradeNo,
  status: 'complete',
  payment_status: 'paid',
  customer: 'cus_1',
});

/** Each POST answers `{ message, data }` exactly (the reference's shape for the Stripe calls). */
async function expectAnswers(
  calls: Array<[call: ConsoleClient, path: string, body: Record<string, unknown>, message: string, data: string]>,
): Promise<void> {
  for (const [call, path, body, message, data] of calls)
    expect(await call('POST', path, body)).toEqual({ message, data });
}

describe('Stripe top-up', () => {
  const stripe = new FakeStripe();
  let server: TestServer;
  let root: ConsoleClient;
  let user: Member;
  const orderOf = (tradeNo: string) => storedWholeRow(server.context.database.db, 'top_ups', { trade_no: tradeNo });
  const checkout = async (amount: number) => {
    const reply = await user.call<{ pay_link: string }>('POST', '/user/stripe/pay', {
      amount,
      payment_method: 'stripe',
    });
    expect(reply).toMatchObject({
      message: 'success',
      data: { pay_link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/) },
    });
    return stripe.checkouts.at(-1)?.fields.client_reference_id ?? '';
  };

  beforeAll(async () => {
    await stripe.start();
    server = await startTestServer();
    root = consoleClient(server, await signIn(server, 'root', '123456'));
    user = await newMember(server, 'card-holder');
  });
  afterAll(async () => {
    await server.stop();
    await stripe.stop();
  });

  it('is off until the secret, webhook secret and price are set: previews, checkouts and webhooks are refused', async () => {
    await expectAnswers([
      [user.call, '/user/stripe/amount', { amount: 10 }, 'error', 'The administrator has not enabled Stripe top-up'],
      [user.zh, '/user/stripe/pay', { amount: 10, payment_method: 'stripe' }, 'error', '管理员未开启 Stripe 充值'],
    ]);
    const delivery = FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.completed', paid('ref_none'));
    expect((await deliver(server, delivery)).status).toBe(403);
    expect(await root('PUT', '/option/', { key: 'StripeApiSecret', value: 'pk_live_wrong' })).toMatchObject({
      success: false,
      message: 'StripeApiSecret must start with sk_ / rk_',
    });
  });

  it('previews the price with the group ratio and refuses amounts out of bounds', async () => {
    await configurePayments(root, { ...stripeOptions(stripe.url), TopupGroupRatio: JSON.stringify({ default: 1.5 }) });
    await expectAnswers([
      [user.call, '/user/stripe/amount', { amount: 10 }, 'success', '120.00'],
      [
        user.call,
        '/user/stripe/amount',
        { amount: 1 },
        'error',
        'The top-up amount cannot be less than the minimum (2)',
      ],
      [
        user.call,
        '/user/stripe/pay',
        { amount: 10_001, payment_method: 'stripe' },
        'error',
        'The top-up amount cannot be more than 10000',
      ],
    ]);
    await configurePayments(root, { TopupGroupRatio: JSON.stringify({ default: 1 }) });
  });

  it('opens a Checkout Session of the price × amount and records a pending order; return addresses stay on this site', async () => {
    const tradeNo = await checkout(25);
    const received = stripe.checkouts.at(-1);
    expect(received?.authorization).toBe('Bearer sk_test_switchboard');
    expect(received?.fields).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_unit',
      'line_items[0][quantity]': '25',
      success_url: 'https://gateway.example/log',
      cancel_url: 'https://gateway.example/topup',
      customer_creation: 'always',
    });
    expect(tradeNo).toMatch(/^ref_[0-9a-f]{40}$/);
    expect(await orderOf(tradeNo)).toMatchObject({
      user_id: user.id,
      amount: 25,
      money: 200,
      payment_method: 'stripe',
      status: 'pending',
    });

    const sessions = stripe.checkouts.length;
    const elsewhere = await sendJson(
      server,
      {
        method: 'POST',
        path: '/api/user/stripe/pay',
        body: { amount: 5, payment_method: 'stripe', success_url: 'https://evil.example/phish' },
      },
      await signIn(server, 'card-holder', 'password123'),
      'en',
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ message: 'error', data: 'The return address is not on this site' });
    expect(stripe.checkouts.length).toBe(sessions);
  });

  it('credits a paid session exactly once under 20 parallel replays; a bad signature changes nothing', async () => {
    const tradeNo = await checkout(30);
    const before = await quotaOf(server, user.id);
    const forged = FakeStripe.event('whsec_someone_else', 'checkout.session.completed', paid(tradeNo));
    expect((await deliver(server, forged)).status).toBe(400);
    expect((await quotaOf(server, user.id)).live).toBe(before.live);

    const delivery = FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.completed', paid(tradeNo));
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(server, delivery)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const after = await quotaOf(server, user.id);
    expect(after.live - before.live).toBe(30 * 500_000);
    expect(after.stored - before.stored).toBe(30 * 500_000);
    expect(await orderOf(tradeNo)).toMatchObject({ status: 'success' });
  });

  it('waits for a delayed payment, and marks failed and expired sessions without crediting', async () => {
    const delayed = await checkout(4);
    const failed = await checkout(5);
    const expired = await checkout(6);
    const before = await quotaOf(server, user.id);
    await deliver(
      server,
      FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.completed', {
        ...paid(delayed),
        payment_status: 'unpaid',
      }),
    );
    expect(await orderOf(delayed)).toMatchObject({ status: 'pending' });
    await deliver(
      server,
      FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.async_payment_failed', { client_reference_id: failed }),
    );
    await deliver(
      server,
      FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.expired', { client_reference_id: expired }),
    );
    expect(await orderOf(failed)).toMatchObject({ status: 'failed' });
    expect(await orderOf(expired)).toMatchObject({ status: 'expired' });
    // A late success for an order already failed credits nothing.
    await deliver(
      server,
      FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded', {
        client_reference_id: failed,
      }),
    );
    expect((await quotaOf(server, user.id)).live).toBe(before.live);
    await deliver(
      server,
      FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded', {
        client_reference_id: delayed,
      }),
    );
    expect((await quotaOf(server, user.id)).live - before.live).toBe(4 * 500_000);
  });
});

describe('Stripe top-up across a crash (built server)', () => {
  const stripe = new FakeStripe();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-stripe-'));
  const environment = { SQLITE_PATH: join(folder, 'switchboard.db') };
  beforeAll(() => stripe.start());
  afterAll(async () => {
    await stripe.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('a credit answered 200 survives a SIGKILL right after', async () => {
    let server = await startServerProcess(environment);
    const caller = { call: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) };
    const root = consoleClient(caller, await signIn(caller, 'root', '123456'));
    await configurePayments(root, stripeOptions(stripe.url));
    const reply = await root<{ pay_link: string }>('POST', '/user/stripe/pay', {
      amount: 12,
      payment_method: 'stripe',
    });
    expect(reply.message).toBe('success');
    const tradeNo = stripe.checkouts.at(-1)?.fields.client_reference_id ?? '';
    const before = (await root<{ quota: number }>('GET', '/user/self')).data?.quota ?? 0;

    const answer = await deliver(
      caller,
      FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.completed', paid(tradeNo)),
    );
    expect(answer.status).toBe(200);
    await server.kill();

    server = await startServerProcess(environment);
    try {
      const again = { call: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) };
      const rootAgain = consoleClient(again, await signIn(again, 'root', '123456'));
      expect((await rootAgain<{ quota: number }>('GET', '/user/self')).data?.quota).toBe(before + 12 * 500_000);
      // The replay after the restart credits nothing more.
      expect(
        (await deliver(again, FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.completed', paid(tradeNo))))
          .status,
      ).toBe(200);
      expect((await rootAgain<{ quota: number }>('GET', '/user/self')).data?.quota).toBe(before + 12 * 500_000);
    } finally {
      await server.kill();
    }
  });
});
