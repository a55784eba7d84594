import type { PlanInput, SubscriptionPlan } from '@switchboard/contract';
import { expect } from 'vitest';
import { SubscriptionService } from '../console/subscription/subscription-service';
import { updateById } from '../db/table-queries';
import type { ConsoleClient } from './console-client';
import { storedValue } from './stored-rows';
import type { TestServer } from './test-server';

/** A plan of `total` quota (0: unlimited) bound to the user by an administrator; answers the user subscription's id. */
export async function grantSubscription(server: TestServer, userId: number, total: number): Promise<number> {
  const service = new SubscriptionService(server.context);
  const plan: SubscriptionPlan = await service.createPlan({
    title: `Plan for ${userId}`,
    price_amount: 1,
    total_amount: total,
    duration_unit: 'day',
  });
  await service.bind(userId, plan.id);
  const [subscription] = await service.repository.subscriptionsOf(userId);
  if (!subscription) throw new Error('the subscription was not granted');
  return subscription.id;
}

/**
 * Creates a plan through the console as the administrator `root`, which must accept it; answers the plan.
 * What `plan` leaves out takes the server's defaults (free, a month, unlimited), titled 'Test plan'.
 */
export async function createPlan(root: ConsoleClient, plan: PlanInput = {}): Promise<SubscriptionPlan> {
  const reply = await root<SubscriptionPlan>('POST', '/subscription/admin/plans', {
    plan: { title: 'Test plan', ...plan },
  });
  expect(reply.success, reply.message).toBe(true);
  return reply.data as SubscriptionPlan;
}

/** The plan fields of a subscription that lasts `seconds`. */
export const lastingSeconds = (seconds: number): PlanInput => ({ duration_unit: 'custom', custom_seconds: seconds });

/** The plan fields of a quota that resets every `seconds`. */
export const resettingEverySeconds = (seconds: number): PlanInput => ({
  quota_reset_period: 'custom',
  quota_reset_custom_seconds: seconds,
});

/** How much of a user subscription's quota is used. */
export async function subscriptionUsed(server: TestServer, subscriptionId: number): Promise<number> {
  return Number(
    await storedValue(server.context.database.db, 'user_subscriptions', { id: subscriptionId }, 'amount_used'),
  );
}

/** Sets how much of a user subscription's quota is used. */
export async function setSubscriptionUsed(server: TestServer, subscriptionId: number, amount: number): Promise<void> {
  await updateById(server.context.database.db, 'user_subscriptions', subscriptionId, { amount_used: amount });
}
