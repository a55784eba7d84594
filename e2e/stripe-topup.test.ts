import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../server/src/testing/fake-stripe';
import { configurePayments } from '../server/src/testing/stripe-settings';
import { useConsoleHarness } from './support/console-harness';

describe('Stripe top-up in Chromium', () => {
  const harness = useConsoleHarness();
  const stripe = new FakeStripe();
  beforeAll(() => stripe.start());
  afterAll(() => stripe.stop());

  it('the wallet offers card payment once Stripe is set up, shows the price as one types and goes to Stripe Checkout', async () => {
    const asRoot = await harness.addUser('card-payer', 'card-payer-1');

    const session = await harness.openAs('card-payer', 'card-payer-1', 'zh-CN');
    const page = session.page;
    await page.goto('/topup');
    await page.getByTestId('topup-balance').waitFor();
    expect(await page.getByTestId('stripe-card').count()).toBe(0);

    await configurePayments(asRoot, {
      StripeApiSecret: 'sk_test_browser',
      StripeWebhookSecret: 'whsec_browser',
      StripePriceId: 'price_browser',
      StripeUnitPrice: '7.5',
      StripeMinTopUp: '2',
      StripeApiAddress: stripe.url,
    });
    await page.reload();
    const card = page.getByTestId('stripe-card');
    await card.getByTestId('stripe-amount').fill('4');
    await card.getByTestId('stripe-payable').getByText('应付金额 30.00').waitFor();
    await card.getByTestId('stripe-pay').click();
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    await page.getByText('Fake Stripe Checkout').waitFor();
    expect(stripe.checkouts.at(-1)?.fields).toMatchObject({
      'line_items[0][price]': 'price_browser',
      'line_items[0][quantity]': '4',
    });
  });
});
