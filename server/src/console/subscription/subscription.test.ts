import type {
  SubscriptionPlan,
  SubscriptionResetResult,
  SubscriptionSelf,
  UserSubscription,
} from '@switchboard/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { confirmPaymentCompliance } from '../../testing/payment-compliance';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import { newMember } from '../../testing/token-fixtures';
import {
  createPlan,
  lastingSeconds,
  resettingEverySeconds,
  setSubscriptionUsed,
  subscriptionUsed,
} from '../../testing/subscription-fixtures';
import { quotaOf, topUpLogsOf } from '../../testing/wallet-fixtures';
import { creditTopUp } from '../topup/credit';
import { SubscriptionService } from './subscription-service';

const QUOTA_PER_UNIT = 500_000;

await describeOnEachDatabase('subscription plans on %s', (server) => {
  let root: ConsoleClient;
  let rootZh: ConsoleClient;
  const user = async (name: string, quota = 0) => {
    const member = await newMember(server, name);
    if (quota > 0) await creditTopUp(server.context, { id: member.id, username: name }, quota, 'test funds');
    return member;
  };
  const groupOf = async (id: number) =>
    (
      await server.context.database.db
        .selectFrom('users')
        .select('group')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).group;

  beforeAll(async () => {
    const headers = await signIn(server, 'root', '123456');
    root = consoleClient(server, headers);
    rootZh = consoleClient(server, headers, 'zh');
    await confirmPaymentCompliance(root);
  });

  it('manages plans: defaults, checks in both languages, edits, enabling, and the order users see', async () => {
    const basic = await createPlan(root, { title: 'Basic', price_amount: 1.5, total_amount: 1000, sort_order: 1 });
    expect(basic).toMatchObject({
      title: 'Basic',
      currency: 'USD',
      duration_unit: 'month',
      duration_value: 1,
      enabled: true,
      allow_balance_pay: null,
      quota_reset_period: 'never',
    });
    const pro = await createPlan(root, { title: 'Pro', price_amount: 3, sort_order: 5 });

    expect(await root('POST', '/subscription/admin/plans', { plan: { title: ' ' } })).toMatchObject({
      success: false,
      message: 'The plan needs a title',
    });
    expect(
      await rootZh('POST', '/subscription/admin/plans', { plan: { title: 'x', price_amount: 10000 } }),
    ).toMatchObject({ success: false, message: '价格必须在 0 到 9999 之间' });
    expect(
      await root('POST', '/subscription/admin/plans', { plan: { title: 'x', upgrade_group: 'gold' } }),
    ).toMatchObject({ success: false, message: 'The group gold does not exist' });
    expect(
      await root('POST', '/subscription/admin/plans', { plan: { title: 'x', duration_unit: 'custom' } }),
    ).toMatchObject({ success: false, message: 'The custom duration must be more than 0 seconds' });
    expect(
      await root('PUT', `/subscription/admin/plans/${pro.id}`, {
        plan: { title: 'Pro', quota_reset_period: 'hourly' },
      }),
    ).toMatchObject({ success: false, message: 'The quota reset period is not valid' });
    expect((await root<Array<{ plan: SubscriptionPlan }>>('GET', '/subscription/admin/plans')).data).toHaveLength(2);

    const edited = await root<SubscriptionPlan>('PUT', `/subscription/admin/plans/${pro.id}`, {
      plan: { title: 'Pro+', price_amount: 3, sort_order: 5, upgrade_group: 'vip' },
    });
    expect(edited.data).toMatchObject({ title: 'Pro+', upgrade_group: 'vip' });

    const amy = await user('amy');
    const listed = await amy.call<Array<{ plan: SubscriptionPlan }>>('GET', '/subscription/plans');
    expect(listed.data?.map((entry) => entry.plan.title)).toEqual(['Pro+', 'Basic']);
    expect(
      (await root<SubscriptionPlan>('PATCH', `/subscription/admin/plans/${pro.id}`, { enabled: false })).data?.enabled,
    ).toBe(false);
    expect(
      (await amy.call<Array<{ plan: SubscriptionPlan }>>('GET', '/subscription/plans')).data?.map(
        (entry) => entry.plan.title,
      ),
    ).toEqual(['Basic']);
    expect(await amy.call('POST', '/subscription/balance/pay', { plan_id: pro.id })).toMatchObject({
      success: false,
      message: 'The plan is not enabled',
    });
    expect(await amy.call('GET', '/subscription/admin/plans')).toMatchObject({ success: false });
  });

  it('sells a plan for the wallet balance: one debit with its log and top-up row, the group upgraded while subscribed', async () => {
    const plan = await createPlan(root, {
      title: 'VIP month',
      price_amount: 2,
      total_amount: 50_000,
      upgrade_group: 'vip',
    });
    const price = 2 * QUOTA_PER_UNIT;
    const bob = await user('bob', price + 300);
    const bought = await bob.call<UserSubscription>('POST', '/subscription/balance/pay', { plan_id: plan.id });
    expect(bought.success, bought.message).toBe(true);
    expect(bought.data).toMatchObject({
      plan_id: plan.id,
      status: 'active',
      source: 'balance',
      amount_total: 50_000,
      amount_used: 0,
      prev_user_group: 'default',
      upgrade_group: 'vip',
    });
    expect(await quotaOf(server, bob.id)).toEqual({ live: 300, stored: 300 });
    expect(await groupOf(bob.id)).toBe('vip');
    expect((await topUpLogsOf(server, bob.id)).map((log) => log.content)).toEqual([
      expect.any(String),
      expect.stringContaining('VIP month'),
    ]);
    const topUps = await server.context.database.db
      .selectFrom('top_ups')
      .select(['amount', 'money', 'status', 'payment_method'])
      .where('user_id', '=', bob.id)
      .execute();
    expect(topUps.map((row) => ({ ...row, amount: Number(row.amount), money: Number(row.money) }))).toEqual([
      { amount: 0, money: 2, status: 'success', payment_method: 'balance' },
    ]);

    const self = await bob.call<SubscriptionSelf>('GET', '/subscription/self');
    expect(self.data?.billing_preference).toBe('subscription_first');
    expect(self.data?.subscriptions.map((entry) => entry.subscription.id)).toEqual([bought.data?.id]);

    expect(await bob.zh('POST', '/subscription/balance/pay', { plan_id: plan.id })).toMatchObject({
      success: false,
      message: '余额不足',
    });
    expect(await quotaOf(server, bob.id)).toEqual({ live: 300, stored: 300 });

    // Invalidating it ends it now and brings the group back.
    expect((await root('POST', `/subscription/admin/user_subscriptions/${bought.data?.id}/invalidate`)).success).toBe(
      true,
    );
    expect(await groupOf(bob.id)).toBe('default');
    const after = await bob.call<SubscriptionSelf>('GET', '/subscription/self');
    expect(after.data?.subscriptions).toEqual([]);
    expect(after.data?.all_subscriptions[0]?.subscription.status).toBe('cancelled');
  });

  it('debits once and grants once when 20 purchases of a one-per-user plan race', async () => {
    const plan = await createPlan(root, { price_amount: 1, max_purchase_per_user: 1 });
    const cat = await user('cat', 10 * QUOTA_PER_UNIT);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => cat.call('POST', '/subscription/balance/pay', { plan_id: plan.id })),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(1);
    // A purchase refused while the others' holds are out reads as a short balance; none is charged.
    for (const reply of replies.filter((answer) => !answer.success))
      expect(['Purchase limit reached', 'Insufficient balance']).toContain(reply.message);
    expect(await quotaOf(server, cat.id)).toEqual({ live: 9 * QUOTA_PER_UNIT, stored: 9 * QUOTA_PER_UNIT });
    expect((await cat.call<SubscriptionSelf>('GET', '/subscription/self')).data?.all_subscriptions).toHaveLength(1);
  });

  it('debits only what the balance covers when 20 purchases race', async () => {
    const plan = await createPlan(root, { price_amount: 1 });
    const dan = await user('dan', 3 * QUOTA_PER_UNIT + 5);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => dan.call('POST', '/subscription/balance/pay', { plan_id: plan.id })),
    );
    expect(replies.filter((reply) => reply.success)).toHaveLength(3);
    expect(await quotaOf(server, dan.id)).toEqual({ live: 5, stored: 5 });
    expect((await dan.call<SubscriptionSelf>('GET', '/subscription/self')).data?.all_subscriptions).toHaveLength(3);
  });

  it('ends a subscription at its end and restores the group the user had', async () => {
    const plan = await createPlan(root, { price_amount: 0, ...lastingSeconds(1), upgrade_group: 'svip' });
    const eve = await user('eve');
    expect((await eve.call('POST', '/subscription/balance/pay', { plan_id: plan.id })).success).toBe(true);
    expect(await groupOf(eve.id)).toBe('svip');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const self = await eve.call<SubscriptionSelf>('GET', '/subscription/self');
    expect(self.data?.subscriptions).toEqual([]);
    expect(self.data?.all_subscriptions[0]?.subscription.status).toBe('expired');
    expect(await groupOf(eve.id)).toBe('default');
  });

  it('binds, resets (at its period and by hand), stores the preference, and deletes', async () => {
    const plan = await createPlan(root, { total_amount: 1000, ...resettingEverySeconds(60) });
    const fay = await user('fay');
    expect(await root('POST', '/subscription/admin/bind', { user_id: fay.id, plan_id: plan.id })).toMatchObject({
      success: true,
      data: {},
    });
    const listed = await root<Array<{ subscription: UserSubscription }>>(
      'GET',
      `/subscription/admin/users/${fay.id}/subscriptions`,
    );
    const subscription = listed.data?.[0]?.subscription as UserSubscription;
    expect(subscription).toMatchObject({ source: 'admin', next_reset_time: subscription.start_time + 60 });
    await setSubscriptionUsed(server, subscription.id, 700);

    // Before its period nothing resets; a minute later the task's pass zeroes it and schedules the next.
    const later = new SubscriptionService(server.context, () => subscription.start_time + 30);
    expect(await later.resetDue()).toBe(0);
    const due = new SubscriptionService(server.context, () => subscription.start_time + 61);
    expect(await due.resetDue()).toBe(1);
    const row = await server.context.database.db
      .selectFrom('user_subscriptions')
      .select(['amount_used', 'next_reset_time'])
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect({ used: Number(row.amount_used), next: Number(row.next_reset_time) }).toEqual({
      used: 0,
      next: subscription.start_time + 121,
    });

    await setSubscriptionUsed(server, subscription.id, 400);
    const reset = await root<SubscriptionResetResult>(
      'POST',
      `/subscription/admin/plans/${plan.id}/subscriptions/reset`,
      { plan_id: plan.id, advance_reset_time: true },
    );
    expect(reset.data).toEqual({
      plan_id: plan.id,
      matched_count: 1,
      reset_count: 1,
      user_count: 1,
      advance_reset_time: true,
    });
    expect(await subscriptionUsed(server, subscription.id)).toBe(0);

    expect(
      (await fay.call('PUT', '/subscription/self/preference', { billing_preference: 'wallet_first' })).success,
    ).toBe(true);
    expect((await fay.call('PUT', '/user/setting', { notify_type: 'email' })).success).toBe(true);
    expect((await fay.call<SubscriptionSelf>('GET', '/subscription/self')).data?.billing_preference).toBe(
      'wallet_first',
    );
    await fay.call('PUT', '/subscription/self/preference', { billing_preference: 'whatever' });
    expect((await fay.call<SubscriptionSelf>('GET', '/subscription/self')).data?.billing_preference).toBe(
      'subscription_first',
    );

    expect((await root('DELETE', `/subscription/admin/user_subscriptions/${subscription.id}`)).success).toBe(true);
    expect((await fay.call<SubscriptionSelf>('GET', '/subscription/self')).data?.all_subscriptions).toEqual([]);
    expect(await root('DELETE', `/subscription/admin/user_subscriptions/${subscription.id}`)).toMatchObject({
      success: false,
      message: 'The subscription does not exist',
    });
  });
});
