import type { SubscriptionPlan } from '@switchboard/contract';
import { expect } from 'vitest';
import { SubscriptionService } from '../console/subscription/subscription-service';
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

/** Creates a plan through the console as the administrator `root`, which must accept it; answers the plan. */
export async function createPlan(root: ConsoleClient, plan: Record<string, unknown>): Promise<SubscriptionPlan> {
  const reply = await root<SubscriptionPlan>('POST', '/subscription/admin/plans', { plan });
  expect(reply.success, reply.message).toBe(true);
  return reply.data as SubscriptionPlan;
}

/** How much of a user subscription's quota is used. */
export async function subscriptionUsed(server: TestServer, subscriptionId: number): Promise<number> {
  return Number(
    await storedValue(server.context.database.db, 'user_subscriptions', { id: subscriptionId }, 'amount_used'),
  );
}
