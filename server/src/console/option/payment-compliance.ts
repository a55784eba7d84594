import type { OptionKey } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import type { OptionStore } from '../../platform/option-store';

/** The terms root confirms (the reference's `v1`). */
export const PAYMENT_COMPLIANCE_TERMS_VERSION = 'v1';

/** The options only root's confirmation writes; `PUT /api/option` refuses them. */
export const isPaymentComplianceKey = (key: string): boolean => key.startsWith('payment_setting.compliance_');

/** Whether root has confirmed payment compliance: until then no plan is sold and Stripe stays off. */
export const paymentComplianceConfirmed = (options: OptionStore): boolean =>
  options.boolean('payment_setting.compliance_confirmed');

/** Root's confirmation (reference features §5): who, when, from where and of which terms. */
export async function confirmPaymentCompliance(
  context: AppContext,
  userId: number,
  ip: string,
  now: number,
): Promise<void> {
  const values: Array<[OptionKey, string]> = [
    ['payment_setting.compliance_terms_version', PAYMENT_COMPLIANCE_TERMS_VERSION],
    ['payment_setting.compliance_confirmed_at', String(now)],
    ['payment_setting.compliance_confirmed_by', String(userId)],
    ['payment_setting.compliance_confirmed_ip', ip],
    // Last: the gate opens once the record of who opened it is stored.
    ['payment_setting.compliance_confirmed', 'true'],
  ];
  for (const [key, value] of values) await context.options.save(key, value);
}
