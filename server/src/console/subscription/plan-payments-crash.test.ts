import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SubscriptionSelf } from '@switchboard/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../testing/console-client';
import { FakeEpayGateway, type ReceivedOrder } from '../../testing/fake-epay-gateway';
import { configurePayments } from '../../testing/stripe-settings';
import { rootOfProcess } from '../../testing/crash-database';
import { createPlan } from '../../testing/subscription-fixtures';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';

const MERCHANT_KEY = 'crash-merchant-key';

/** Points an order's callbacks at another run of the server (the port changes across the restart). */
const at = (order: ReceivedOrder, url: string): ReceivedOrder => ({
  fields: {
    ...order.fields,
    notify_url: `${url}/api/subscription/epay/notify`,
    return_url: `${url}/api/subscription/epay/return`,
  },
});

describe('a plan paid at epay across a SIGKILL (built server)', () => {
  const gateway = new FakeEpayGateway(MERCHANT_KEY);
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-plan-crash-'));
  const environment = { SQLITE_PATH: join(folder, 'switchboard.db'), JOURNAL_DIR: join(folder, 'journal') };
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill();
    await gateway.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const subscriptionsOf = async (root: ConsoleClient) =>
    (await root<SubscriptionSelf>('GET', '/subscription/self')).data?.all_subscriptions ?? [];

  it('is granted exactly once: 20 parallel notifications, a SIGKILL right after they are answered, the notifications again', async () => {
    await gateway.start();
    server = await startServerProcess(environment);
    const root = await rootOfProcess(server);
    await configurePayments(root, {
      ServerAddress: server.url,
      PayAddress: gateway.address,
      EpayId: '3003',
      EpayKey: MERCHANT_KEY,
    });
    const plan = await createPlan(root, { price_amount: 5, total_amount: 1000 });
    const reply = await root<Record<string, string>>('POST', '/subscription/epay/pay', {
      plan_id: plan.id,
      payment_method: 'wx',
    });
    expect(reply.success, reply.message).toBe(true);
    await fetch(String(reply.url), { method: 'POST', body: new URLSearchParams(reply.data ?? {}) });
    const order = gateway.orders.at(-1) as ReceivedOrder;

    const answers = await Promise.all(Array.from({ length: 20 }, () => gateway.notify(order)));
    expect(answers.every((answer) => answer === 'success')).toBe(true);
    await server.kill();

    server = await startServerProcess(environment);
    const again = await rootOfProcess(server);
    expect((await subscriptionsOf(again)).map((entry) => entry.subscription.plan_id)).toEqual([plan.id]);
    const replays = await Promise.all(Array.from({ length: 20 }, () => gateway.notify(at(order, String(server?.url)))));
    expect(replays.every((answer) => answer === 'success')).toBe(true);
    expect(await subscriptionsOf(again)).toHaveLength(1);
  }, 60_000);
});
