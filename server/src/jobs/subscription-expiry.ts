import type { AppContext } from '../app-context';
import { SubscriptionService } from '../console/subscription/subscription-service';
import { subscriptionBookOf } from '../ledger/subscriptions/subscription-book';

const MINUTE_MS = 60_000;

/**
 * Every minute: expires the subscriptions whose end has passed (moving their users back out of the
 * plan's group) and zeroes the quota of those whose reset is due (reference features §6). Both also
 * happen lazily, when a user's subscriptions are read or spent. Then the relay's list of holders is
 * read again, so an instance learns of subscriptions granted by another within a minute.
 */
export function registerSubscriptionExpiryJob(context: AppContext): void {
  const service = new SubscriptionService(context);
  context.jobs.register({
    name: 'subscription-expiry',
    intervalMs: () => MINUTE_MS,
    run: async () => {
      await service.expireDue();
      await service.resetDue();
      await subscriptionBookOf(context).refresh();
    },
  });
}
