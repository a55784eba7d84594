import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { FakeStripe } from '../../testing/fake-stripe';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { signIn } from '../../testing/test-server';

const WEBHOOK_SECRET = 'whsec_test_switchboard';
const ORDERS = 160;
const QUOTA_PER_DOLLAR = 500_000;

const deliverPaid = (url: string, tradeNo: string) => {
  const { body, signature } = FakeStripe.event(WEBHOOK_SECRET, 'checkout.session.completed', {
    client_reference_id: tradeNo,
    status: 'complete',
    payment_status: 'paid',
    customer: 'cus_1',
  });
  return fetch(`${url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body }).then(
    (response) => response.status,
    () => 0,
  );
};

/** Every process of the server at once (its workers first, so none outlives the primary): a machine's crash. */
async function crash(server: ServerProcess): Promise<void> {
  for (const pid of await server.childPids()) process.kill(pid, 'SIGKILL');
  await server.kill();
}

/**
 * Many pending orders paid at once through signed Stripe webhooks; the server is SIGKILLed while some
 * but not all are success, restarted, and every notification is delivered again: every order is
 * success, and the buyer's quota grew by exactly one credit per order.
 */
describe.each(['1', '2'])('paid orders across a SIGKILL (built server, WORKERS=%s)', (workers) => {
  const stripe = new FakeStripe();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-orders-'));
  const sqlitePath = join(folder, 'switchboard.db');
  const environment = { SQLITE_PATH: sqlitePath, WORKERS: workers, SESSION_SECRET: 'order-crash-test-secret-0123456789' };
  let server: ServerProcess | null = null;
  beforeAll(() => stripe.start());
  afterAll(async () => {
    if (server) await crash(server);
    await stripe.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const rootOf = async (running: ServerProcess): Promise<ConsoleClient> => {
    const caller = { call: (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init) };
    return consoleClient(caller, await signIn(caller, 'root', '123456'));
  };
  const quotaOf = async (root: ConsoleClient) => (await root<{ quota: number }>('GET', '/user/self')).data?.quota ?? Number.NaN;
  const succeeded = () => {
    const database = new Sqlite(sqlitePath, { readonly: true, fileMustExist: true });
    try {
      return (database.prepare(`SELECT count(*) AS n FROM top_ups WHERE status = 'success'`).get() as { n: number }).n;
    } finally {
      database.close();
    }
  };

  it('every order is credited exactly once', async () => {
    server = await startServerProcess(environment);
    const root = await rootOf(server);
    const options = {
      ServerAddress: 'https://gateway.example',
      StripeApiSecret: 'sk_test_switchboard',
      StripeWebhookSecret: WEBHOOK_SECRET,
      StripePriceId: 'price_unit',
      StripeUnitPrice: '8',
      StripeMinTopUp: '2',
      StripeApiAddress: stripe.url,
    };
    for (const [key, value] of Object.entries(options)) expect((await root('PUT', '/option/', { key, value })).success).toBe(true);
    const orders: Array<{ tradeNo: string; amount: number }> = [];
    for (let index = 0; index < ORDERS; index += 1) {
      const amount = 2 + (index % 5);
      expect((await root('POST', '/user/stripe/pay', { amount, payment_method: 'stripe' })).message).toBe('success');
      orders.push({ tradeNo: stripe.checkouts.at(-1)?.fields.client_reference_id ?? '', amount });
    }
    expect(new Set(orders.map((order) => order.tradeNo)).size).toBe(ORDERS);
    const before = await quotaOf(root);

    // All notifications at once; the kill comes while some orders are success and others are not.
    const deliveries = orders.map((order) => deliverPaid(server?.url ?? '', order.tradeNo));
    await expect.poll(succeeded, { timeout: 20_000, interval: 2 }).toBeGreaterThan(ORDERS / 4);
    await crash(server);
    const atKill = succeeded();
    await Promise.all(deliveries);
    expect(atKill).toBeLessThan(ORDERS);

    server = await startServerProcess(environment);
    const statuses = await Promise.all(orders.map((order) => deliverPaid(server?.url ?? '', order.tradeNo)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(succeeded()).toBe(ORDERS);
    const paid = orders.reduce((sum, order) => sum + order.amount * QUOTA_PER_DOLLAR, 0);
    expect((await quotaOf(await rootOf(server))) - before).toBe(paid);
  }, 120_000);
});
