import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopUpStatus } from '@switchboard/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { FakeStripe } from '../../testing/fake-stripe';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { configurePayments, STRIPE_WEBHOOK_SECRET, stripeOptions } from '../../testing/stripe-settings';
import { availableDatabaseKinds, createTestDatabase, type TestDatabase } from '../../testing/test-databases';
import { signIn } from '../../testing/test-server';
import { countOf } from '../../db/table-queries';

const ORDERS = 160;
const QUOTA_PER_DOLLAR = 500_000;
const kinds = await availableDatabaseKinds();

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

const rootOf = async (running: ServerProcess): Promise<ConsoleClient> => {
  const caller = { call: (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init) };
  return consoleClient(caller, await signIn(caller, 'root', '123456'));
};
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
const cases = [
  ...kinds.map((kind) => ({ kind, workers: '1' })),
  { kind: kinds[0] ?? ('sqlite' as const), workers: '2' },
];

describe.each(cases)('paid orders across a SIGKILL (built server on $kind, WORKERS=$workers)', ({ kind, workers }) => {
  const stripe = new FakeStripe();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-orders-'));
  let testDatabase: TestDatabase | null = null;
  let reader: Database | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    await reader?.close();
    await testDatabase?.drop();
    await stripe.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('every order is credited exactly once', async () => {
    await stripe.start();
    testDatabase = await createTestDatabase(kind);
    const environment: Record<string, string> = {
      JOURNAL_DIR: join(folder, 'journal'),
      WORKERS: workers,
      ...(testDatabase.dsn
        ? { SQL_DSN: testDatabase.dsn, SESSION_SECRET: 'order-crash-test-secret-0123456789' }
        : { SQLITE_PATH: testDatabase.sqlitePath }),
    };
    server = await startServerProcess(environment);
    const database = openDatabase(testDatabase.settings);
    reader = database;
    const root = await rootOf(server);
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
    const url = server.url;
    const deliveries = orders.map((order) => deliverPaid(url, order.tradeNo));
    await expect.poll(() => succeeded(database), { timeout: 20_000, interval: 2 }).toBeGreaterThan(ORDERS / 4);
    await server.kill();
    await Promise.all(deliveries);
    expect(await succeeded(database)).toBeLessThan(ORDERS);

    server = await startServerProcess(environment);
    const restarted = server.url;
    const statuses = await Promise.all(orders.map((order) => deliverPaid(restarted, order.tradeNo)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await succeeded(database)).toBe(ORDERS);
    const paid = orders.reduce((sum, order) => sum + order.amount * QUOTA_PER_DOLLAR, 0);
    expect((await quotaOf(await rootOf(server))) - before).toBe(paid);
  }, 120_000);
});
