import { TopUpStatus } from '@switchboard/contract';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { countOf } from '../../db/table-queries';
import type { ConsoleClient } from '../../testing/console-client';
import { rootOfProcess, testAcrossCrashes } from '../../testing/crash-database';
import { FakeStripe } from '../../testing/fake-stripe';
import { configurePayments, STRIPE_WEBHOOK_SECRET, stripeOptions } from '../../testing/stripe-settings';

const ORDERS = 160;
const QUOTA_PER_DOLLAR = 500_000;

const deliverPaid = (url: string, tradeNo: string) => {
  const { body, signature } = FakeStripe.event(STRIPE_WEBHOOK_SECRET, 'checkout.session.completed', {
    client_reference_id: tradeNo,
    status: 'complete',
    payment_status: 'paid',
    customer: 'cus_1',
  });
  return fetch(`${url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  }).then(
    (response) => response.status,
    () => 0,
  );
};

const stripe = new FakeStripe().forTests();
const quotaOf = async (root: ConsoleClient) =>
  (await root<{ quota: number }>('GET', '/user/self')).data?.quota ?? Number.NaN;
const succeeded = (database: Database) =>
  countOf(database.db.selectFrom('top_ups').where('status', '=', TopUpStatus.Success));

/**
 * Many pending orders paid at once through signed Stripe webhooks; the server is SIGKILLed while some
 * but not all are success, restarted, and every notification is delivered again: every order is
 * success, and the buyer's quota grew by exactly one credit per order. (Before the claims, an order
 * marked success whose credit the kill interrupted stayed without it, and the repeated notification
 * credited nothing.)
 */
// WORKERS=2 too: a credit made on a worker is journaled in the worker's journal beside its log row.

await testAcrossCrashes('paid orders across a SIGKILL', 'every order is credited exactly once', async (sandbox) => {
  const { database, server } = await sandbox.start();
  const root = await rootOfProcess(server);
  await configurePayments(root, stripeOptions(stripe.url));
  const orders: Array<{ tradeNo: string; amount: number }> = [];
  for (let index = 0; index < ORDERS; index += 1) {
    const amount = 2 + (index % 5);
    expect((await root('POST', '/user/stripe/pay', { amount, payment_method: 'stripe' })).message).toBe('success');
    orders.push({ tradeNo: stripe.checkouts.at(-1)?.fields.client_reference_id ?? '', amount });
  }
  expect(new Set(orders.map((order) => order.tradeNo)).size).toBe(ORDERS);
  const before = await quotaOf(root);

  // All notifications at once; the kill comes while some orders are success and others are not.
  const deliveries = orders.map((order) => deliverPaid(server.url, order.tradeNo));
  await expect.poll(() => succeeded(database), { timeout: 20_000, interval: 2 }).toBeGreaterThan(ORDERS / 4);
  await server.kill();
  await Promise.all(deliveries);
  expect(await succeeded(database)).toBeLessThan(ORDERS);

  const restarted = await sandbox.restart();
  const statuses = await Promise.all(orders.map((order) => deliverPaid(restarted.url, order.tradeNo)));
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(await succeeded(database)).toBe(ORDERS);
  const paid = orders.reduce((sum, order) => sum + order.amount * QUOTA_PER_DOLLAR, 0);
  expect((await quotaOf(await rootOfProcess(restarted))) - before).toBe(paid);
});
