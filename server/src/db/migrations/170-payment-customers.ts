import type { Kysely } from 'kysely';

/**
 * The payment compliance gate for an installation that sold before the gate existed: when Stripe was
 * configured or a subscription plan existed, it counts as confirmed (by no one, `confirmed_by` 0), so an
 * upgrade does not stop its payments; a new installation waits for root's confirmation.
 */
export async function confirmComplianceOfEarlierSales(db: Kysely<any>): Promise<void> {
  const stripe = await db
    .selectFrom('options')
    .select('key')
    .where('key', '=', 'StripeApiSecret')
    .where('value', '!=', '')
    .executeTakeFirst();
  const plan = await db.selectFrom('subscription_plans').select('id').limit(1).executeTakeFirst();
  const answered = await db
    .selectFrom('options')
    .select('key')
    .where('key', '=', 'payment_setting.compliance_confirmed')
    .executeTakeFirst();
  if ((stripe || plan) && !answered) {
    await db
      .insertInto('options')
      .values([
        { key: 'payment_setting.compliance_confirmed', value: 'true' },
        { key: 'payment_setting.compliance_terms_version', value: 'v1' },
        { key: 'payment_setting.compliance_confirmed_at', value: String(Math.floor(Date.now() / 1000)) },
      ])
      .execute();
  }
}
