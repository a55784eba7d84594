import type { ConsoleClient } from './console-client';

/**
 * Root confirms payment compliance, as an administrator does before selling plans or taking cards;
 * tests about something else behind the gate start with it.
 */
export async function confirmPaymentCompliance(root: ConsoleClient): Promise<void> {
  const reply = await root('POST', '/option/payment_compliance', { confirmed: true });
  if (!reply.success) throw new Error(`payment compliance not confirmed: ${reply.message}`);
}
