import type { AppContext } from '../app-context';
import { SubscriptionService } from '../console/subscription/subscription-service';
import { subscriptionBookOf } from '../ledger/subscriptions/subscription-book';

const MINUTE_MS = 60_000;

/**
 * Every minute: expires the subscriptions whose end has passed (moving their users back out of the
 * plan's group) and zeroes the quota of those whose reset is due (reference features §6). Both also
 * happen lazily, when a user's subscriptions are read or spent. Then this process's list of holders
 * is read again (other processes follow the bus's user changes).
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
