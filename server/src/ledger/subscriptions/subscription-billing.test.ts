import type { UserSubscription } from '@switchboard/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { confirmPaymentCompliance } from '../../testing/payment-compliance';
import { creditTopUp } from '../../console/topup/credit';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { FakeOpenAIUpstream } from '../../testing/fake-openai-upstream';
import { lastConsumeLog } from '../../testing/provider-test-kit';
import { addChannel, addToken } from '../../testing/relay-fixtures';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import { signInNewUser } from '../../testing/token-fixtures';
import { quotaOf } from '../../testing/wallet-fixtures';
import {
  createPlan,
  resettingEverySeconds,
  setSubscriptionUsed,
  subscriptionUsed,
} from '../../testing/subscription-fixtures';

const FUNDS = 2_000_000;
const PRICE = 250_000; // 0.5 × QuotaPerUnit

await describeOnEachDatabase('relay calls paid by a subscription on %s', (server) => {
  let upstream: FakeOpenAIUpstream;
  let root: ConsoleClient;
  let user: ConsoleClient;
  let userId: number;
  let apiKey: string;
  let subscription: UserSubscription;

  const chat = async () => {
    const response = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });
    return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
  };
  const used = () => subscriptionUsed(server, subscription.id);
  const setUsed = (value: number) => setSubscriptionUsed(server, subscription.id, value);
  const prefer = async (billing_preference: string) =>
    expect((await user('PUT', '/subscription/self/preference', { billing_preference })).success).toBe(true);

  beforeAll(async () => {
    upstream = await new FakeOpenAIUpstream().start();
    await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o-mini'] });
    root = consoleClient(server, await signIn(server, 'root', '123456'));
    await confirmPaymentCompliance(root);
    const headers = await signInNewUser(server, 'sue');
    userId = Number(headers['New-Api-User']);
    user = consoleClient(server, headers);
    await creditTopUp(server.context, { id: userId, username: 'sue' }, FUNDS, 'test funds');
    apiKey = (await addToken(server, userId, { unlimited: true })).apiKey;
    const plan = await createPlan(root, {
      price_amount: 0.5,
      total_amount: 100_000,
      ...resettingEverySeconds(2),
      allow_wallet_overflow: false,
    });
    subscription = (await user<UserSubscription>('POST', '/subscription/balance/pay', { plan_id: plan.id }))
      .data as UserSubscription;
  });
  afterAll(() => upstream.stop());

  it('spends the subscription before the wallet (subscription_first, the default)', async () => {
    expect((await quotaOf(server, userId)).live).toBe(FUNDS - PRICE);
    expect((await chat()).status).toBe(200);
    const cost = (await lastConsumeLog(server)).quota;
    expect(cost).toBeGreaterThan(0);
    expect(await used()).toBe(cost);
    expect(await quotaOf(server, userId)).toEqual({ live: FUNDS - PRICE, stored: FUNDS - PRICE });
  });

  it('spends the wallet first with wallet_first, and the subscription stays as it was', async () => {
    await prefer('wallet_first');
    const before = await used();
    expect((await chat()).status).toBe(200);
    const cost = (await lastConsumeLog(server)).quota;
    expect(await quotaOf(server, userId)).toEqual({ live: FUNDS - PRICE - cost, stored: FUNDS - PRICE - cost });
    expect(await used()).toBe(before);
  });

  it('refuses a call when the subscription is used up and does not allow the wallet; its period resets it', async () => {
    await prefer('subscription_first');
    await setUsed(100_000);
    const wallet = (await quotaOf(server, userId)).live;
    const refused = await chat();
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toContain('Insufficient subscription quota');
    expect(await used()).toBe(100_000);
    expect((await quotaOf(server, userId)).live).toBe(wallet);

    // The reset is due two seconds after the last one: the next call finds it zeroed and spends it.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await chat()).status).toBe(200);
    expect(await used()).toBe((await lastConsumeLog(server)).quota);
    expect((await quotaOf(server, userId)).live).toBe(wallet);
  });

  it('learns of a subscription another process granted from the user change it announced', async () => {
    const headers = await signInNewUser(server, 'ned');
    const nedId = Number(headers['New-Api-User']);
    await creditTopUp(server.context, { id: nedId, username: 'ned' }, FUNDS, 'test funds');
    const nedKey = (await addToken(server, nedId, { unlimited: true })).apiKey;
    const call = () =>
      server.call('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${nedKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
      });
    expect((await call()).status).toBe(200);
    const walletAfterFirst = (await quotaOf(server, nedId)).live;
    expect(walletAfterFirst).toBeLessThan(FUNDS);

    // Written as another instance would, then announced on the bus.
    const now = Math.floor(Date.now() / 1000);
    await server.context.database.db
      .insertInto('user_subscriptions')
      .values({
        user_id: nedId,
        plan_id: subscription.plan_id,
        amount_total: 0,
        start_time: now,
        end_time: now + 3600,
        status: 'active',
        source: 'admin',
      })
      .execute();
    await server.context.bus.userChanged(nedId);
    expect((await call()).status).toBe(200);
    expect((await quotaOf(server, nedId)).live).toBe(walletAfterFirst);
  });

  it('gives the hold back when the upstream fails', async () => {
    // The plan's two-second period must not reset the quota during this call on a slow machine.
    await server.context.database.db
      .updateTable('user_subscriptions')
      .set({ next_reset_time: Math.floor(Date.now() / 1000) + 3600 })
      .where('id', '=', subscription.id)
      .execute();
    const before = await used();
    upstream.behaviour = { failWith: { status: 400, message: 'bad request' } };
    expect((await chat()).status).toBeGreaterThanOrEqual(400);
    upstream.behaviour = {};
    expect(await used()).toBe(before);
  });

  it('a call the subscription pays still spends its token, and is refused when the token is short', async () => {
    await prefer('subscription_first');
    await setUsed(0);
    const limited = await addToken(server, userId, { remain: 5_000 });
    const call = () =>
      server.call('/v1/chat/completions', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${limited.apiKey}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], max_tokens: 10 }),
      });
    const wallet = (await quotaOf(server, userId)).live;
    expect((await call()).status).toBe(200);
    const cost = (await lastConsumeLog(server)).quota;
    expect(await used()).toBe(cost);
    expect(await server.context.balances.tokenRemain(limited.id)).toBe(5_000 - cost);
    expect((await quotaOf(server, userId)).live).toBe(wallet);

    // A token with less than the call may cost is refused, subscription or not; nothing is spent.
    const poor = await addToken(server, userId, { remain: 1 });
    const refused = await server.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${poor.apiKey}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], max_tokens: 10 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'Insufficient API key quota',
    );
    // Its hold is given back (the plan's two-second period may have reset the quota meanwhile).
    expect(await used()).toBeLessThanOrEqual(cost);
    expect((await quotaOf(server, userId)).live).toBe(wallet);
    expect(await server.context.balances.tokenRemain(poor.id)).toBe(1);
  });
});
