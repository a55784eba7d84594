import { LocalBus } from '../platform/invalidation-bus';

/**
 * The primary's invalidation bus without Redis: its own subscribers (background jobs, option store)
 * as usual, and every worker through `relay`, which the cluster authority sets once workers exist.
 */
export class PrimaryBus extends LocalBus {
  relay: (topic: string, message: string) => Promise<void> = () => Promise.resolve();

  override publish(topic: string, message = ''): Promise<void> {
    return this.relay(topic, message);
  }

  /** Applies a change a worker made to this process's subscribers. */
  deliverHere(topic: string, message: string): Promise<void> {
    return this.deliver(topic, message);
  }
}
