import type { SubscriptionPlan } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../testing/channel-fixtures';
import { consoleClient, saveOptions, type ConsoleClient } from '../../testing/console-client';
import { optionsByKey, type OptionEntry } from '../../testing/option-calls';
import { createPlan } from '../../testing/subscription-fixtures';
import { signIn, startTestServer, type TestServer } from '../../testing/test-server';
import { signInNewUser } from '../../testing/token-fixtures';

interface TopUpInfo {
  enable_stripe_topup: boolean;
  enable_online_topup: boolean;
  payment_compliance_confirmed: boolean;
  payment_compliance_terms_version: string;
}

describe('the payment compliance gate', () => {
  let server: TestServer;
  let root: ConsoleClient;
  let user: ConsoleClient;
  let userZh: ConsoleClient;
  let plan: SubscriptionPlan;

  beforeAll(async () => {
    server = await startTestServer();
    root = consoleClient(server, await signIn(server, 'root', '123456'));
    const stripe = { StripeApiSecret: 'sk_test_gate', StripeWebhookSecret: 'whsec_gate', StripePriceId: 'price_gate' };
    await saveOptions(root, stripe);
    plan = await createPlan(root, { price_amount: 0 });
    const headers = await signInNewUser(server, 'gate-user');
    user = consoleClient(server, headers);
    userZh = consoleClient(server, headers, 'zh');
  });
  afterAll(() => server.stop());

  it('keeps plans and Stripe off until root confirms, and only root can confirm, only by confirming', async () => {
    expect((await user<TopUpInfo>('GET', '/user/topup/info')).data).toMatchObject({
      payment_compliance_confirmed: false,
      enable_stripe_topup: false,
      enable_online_topup: false,
    });
    expect(((await (await server.call('/api/status')).json()) as { data: TopUpInfo }).data.enable_stripe_topup).toBe(
      false,
    );
    expect((await user('GET', '/subscription/plans')).data).toEqual([]);
    expect(await userZh('POST', '/subscription/balance/pay', { plan_id: plan.id })).toMatchObject({
      success: false,
      message: '管理员尚未确认支付合规，暂不能购买套餐',
    });
    expect(await user('POST', '/user/stripe/amount', { amount: 10 })).toEqual({
      message: 'error',
      data: 'The administrator has not enabled Stripe top-up',
    });

    expect(await root('PUT', '/option/', { key: 'payment_setting.compliance_confirmed', value: 'true' })).toMatchObject(
      { success: false, message: 'Payment compliance is set only by confirming it' },
    );
    expect(await root('POST', '/option/payment_compliance', { confirmed: false })).toMatchObject({
      success: false,
      message: 'Tick the confirmation before submitting',
    });
    await addUser(server, 'gate-admin', 10);
    const admin = consoleClient(server, await signIn(server, 'gate-admin', 'password-1234'));
    expect((await admin('POST', '/option/payment_compliance', { confirmed: true })).success).toBe(false);
    expect((await user<TopUpInfo>('GET', '/user/topup/info')).data?.payment_compliance_confirmed).toBe(false);

    const confirmed = await root<{ compliance_confirmed: boolean; compliance_terms_version: string }>(
      'POST',
      '/option/payment_compliance',
      { confirmed: true },
    );
    expect(confirmed).toMatchObject({
      success: true,
      data: { compliance_confirmed: true, compliance_terms_version: 'v1' },
    });
    const stored = optionsByKey((await root<OptionEntry[]>('GET', '/option/')).data);
    expect(stored).toMatchObject({
      'payment_setting.compliance_confirmed': 'true',
      'payment_setting.compliance_terms_version': 'v1',
      'payment_setting.compliance_confirmed_by': '1',
      'payment_setting.compliance_confirmed_ip': '127.0.0.1',
    });
    expect(Number(stored['payment_setting.compliance_confirmed_at'])).toBeGreaterThan(0);

    expect((await user<TopUpInfo>('GET', '/user/topup/info')).data).toMatchObject({
      payment_compliance_confirmed: true,
      payment_compliance_terms_version: 'v1',
      enable_stripe_topup: true,
    });
    expect(
      (await user<Array<{ plan: SubscriptionPlan }>>('GET', '/subscription/plans')).data?.map((entry) => entry.plan.id),
    ).toEqual([plan.id]);
    expect((await user('POST', '/subscription/balance/pay', { plan_id: plan.id })).success).toBe(true);
  });
});
