import { saveOptions, type ConsoleClient } from './console-client';
import { confirmPaymentCompliance } from './payment-compliance';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_switchboard';

/** The options that turn Stripe top-up on against the Stripe API at `address` (8 per unit, 2 at least). */
export const stripeOptions = (address: string): Record<string, string> => ({
  ServerAddress: 'https://gateway.example',
  StripeApiSecret: 'sk_test_switchboard',
  StripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
  StripePriceId: 'price_unit',
  StripeUnitPrice: '8',
  StripeMinTopUp: '2',
  StripeApiAddress: address,
});

/** Root confirms payment compliance, then saves the options one by one, each of which must be accepted. */
export async function configurePayments(root: ConsoleClient, options: Record<string, string>): Promise<void> {
  await confirmPaymentCompliance(root);
  await saveOptions(root, options);
}
