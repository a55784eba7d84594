import { PAYMENT_METHODS } from '@switchboard/contract';
import type { OptionStore } from '../../platform/option-store';
import { PAYMENT_COMPLIANCE_TERMS_VERSION, paymentComplianceConfirmed } from '../option/payment-compliance';

/** epay is usable once its gateway, merchant id and key are set. */
export const epayEnabled = (options: OptionStore): boolean =>
  options.string('PayAddress') !== '' && options.string('EpayId') !== '' && options.string('EpayKey') !== '';

/** Stripe is usable once root confirmed payment compliance and its secret, webhook secret and price are set. */
export const stripeEnabled = (options: OptionStore): boolean =>
  paymentComplianceConfirmed(options) &&
  options.string('StripeApiSecret') !== '' &&
  options.string('StripeWebhookSecret') !== '' &&
  options.string('StripePriceId') !== '';

/** `GET /api/user/topup/info` (reference features §5): which ways of paying the wallet offers. */
export function topUpInfo(options: OptionStore) {
  const online = epayEnabled(options);
  return {
    enable_online_topup: online,
    enable_stripe_topup: stripeEnabled(options),
    enable_creem_topup: false,
    enable_redemption: true,
    payment_compliance_confirmed: paymentComplianceConfirmed(options),
    payment_compliance_terms_version: PAYMENT_COMPLIANCE_TERMS_VERSION,
    creem_products: [],
    pay_methods: online
      ? PAYMENT_METHODS.map((type) => ({ name: type, type, color: '', min_topup: options.number('MinTopUp') }))
      : [],
  };
}
