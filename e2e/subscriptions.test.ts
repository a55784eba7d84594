import type { SubscriptionPlan, SubscriptionSelf } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { consoleClient } from '../server/src/testing/console-client';
import { FakeStripe } from '../server/src/testing/fake-stripe';
import { configurePayments } from '../server/src/testing/stripe-settings';
import { signIn } from '../server/src/testing/test-server';
import { addUser, rootClient } from './support/server';
import { useConsoleHarness } from './support/console-harness';

describe('subscription plans in Chromium', () => {
  const harness = useConsoleHarness();

  it('root creates a plan on the Subscriptions page; a user buys it with the wallet balance from the wallet page', async () => {
    const asRoot = await harness.addUser('subscriber', 'subscriber-1');
    const codes = await asRoot<string[]>('POST', '/redemption/', { name: 'funds', quota: 2_000_000, count: 1 });
    const asUser = consoleClient(harness.server, await signIn(harness.server, 'subscriber', 'subscriber-1'));
    expect(await asUser('POST', '/user/topup', { key: codes.data?.[0] })).toMatchObject({ success: true });

    const admin = await harness.openAsRoot('en-US');
    // Root confirms payment compliance in the payment settings: until then no plan is on sale.
    await admin.page.goto('/setting?tab=system');
    const compliance = admin.page.getByTestId('payment-compliance');
    await compliance.getByTestId('payment-compliance-tick').click();
    await compliance.getByTestId('payment-compliance-confirm').click();
    await compliance.getByTestId('payment-compliance-confirmed').waitFor();
    await admin.page.goto('/subscription');
    await admin.page.getByTestId('plan-create').click();
    await admin.page.getByTestId('plan-title').fill('Starter');
    await admin.page.getByTestId('plan-price_amount').fill('1');
    await admin.page.getByTestId('plan-total_amount').fill('400000');
    await admin.page.getByTestId('plan-submit').click();
    await admin.page.getByText('Plan saved').waitFor();
    await admin.page.getByRole('cell', { name: 'Starter' }).waitFor();
    const plans = await asRoot<Array<{ plan: SubscriptionPlan }>>('GET', '/subscription/admin/plans');
    const plan = plans.data?.[0]?.plan as SubscriptionPlan;
    expect(plan).toMatchObject({ title: 'Starter', price_amount: 1, total_amount: 400_000, enabled: true });

    const session = await harness.openAs('subscriber', 'subscriber-1', 'en-US');
    const page = session.page;
    await page.goto('/topup');
    const card = page.getByTestId('subscription-card');
    await card.getByTestId(`subscription-plan-${plan.id}`).getByText('Starter').waitFor();
    await card.getByTestId(`subscription-buy-${plan.id}`).click();
    await page.getByTestId('subscription-pay-balance').click();
    await page.getByText('Subscription purchased').waitFor();
    await card.getByText('Active').waitFor();
    await expect.poll(async () => (await page.getByTestId('topup-balance').textContent()) ?? '').toContain('$3.00');

    const mine = await asUser<SubscriptionSelf>('GET', '/subscription/self');
    expect(mine.data?.subscriptions.map((entry) => entry.subscription)).toEqual([
      expect.objectContaining({ plan_id: plan.id, source: 'balance', amount_total: 400_000 }),
    ]);
    expect((await asUser<{ quota: number }>('GET', '/user/self')).data?.quota).toBe(1_500_000);
  });

  it('the purchase dialog offers the enabled gateways; paying a plan by card goes to Stripe Checkout in subscription mode', async () => {
    const stripe = new FakeStripe();
    await stripe.start();
    try {
      const asRoot = await rootClient(harness.server);
      await configurePayments(asRoot, {
        ServerAddress: harness.server.baseUrl,
        PayAddress: 'https://pay.example',
        EpayId: '1001',
        EpayKey: 'merchant-key',
        StripeApiSecret: 'sk_test_plans',
        StripeWebhookSecret: 'whsec_plans',
        StripePriceId: 'price_units',
        StripeApiAddress: stripe.url,
      });
      const created = await asRoot<SubscriptionPlan>('POST', '/subscription/admin/plans', {
        plan: { title: 'Card plan', price_amount: 5, stripe_price_id: 'price_card_plan' },
      });
      const plan = created.data as SubscriptionPlan;
      await addUser(asRoot, 'cardbuyer', 'cardbuyer-pw1');

      const session = await harness.openAs('cardbuyer', 'cardbuyer-pw1', 'zh-CN');
      const page = session.page;
      await page.goto('/topup');
      await page.getByTestId(`subscription-buy-${plan.id}`).click();
      await page.getByTestId('subscription-pay-zfb').getByText('使用支付宝支付').waitFor();
      await page.getByTestId('subscription-pay-wx').waitFor();
      await page.getByTestId('subscription-pay-stripe').click();
      await page.waitForURL(/\/c\/pay\/cs_test_/);
      await page.getByText('Fake Stripe Checkout').waitFor();
      expect(stripe.checkouts.at(-1)?.fields).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_card_plan',
        'line_items[0][quantity]': '1',
      });
    } finally {
      await stripe.stop();
    }
  });
});
