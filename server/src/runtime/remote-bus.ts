import { LocalBus } from '../platform/invalidation-bus';
import type { PrimaryLink } from './primary-link';

/**
 * A worker's invalidation bus without Redis: changes go to the primary, which applies them to itself
 * and passes them to every other worker. `notify` and `publish` resolve once every worker applied the
 * change, so a console change is seen by the next call whichever worker serves it.
 */
export class RemoteBus extends LocalBus {
  constructor(private readonly link: PrimaryLink) {
    super();
    link.on('bus', (topic, message, ackId) => {
      void this.deliver(topic, message)
        .catch(() => undefined)
        .finally(() => {
          if (ackId !== 0) link.send('busAck', ackId);
        });
    });
  }

  override async notify(topic: string, message = ''): Promise<void> {
    await Promise.all([this.link.request('notify', topic, message), this.deliver(topic, message)]);
  }

  override publish(topic: string, message = ''): Promise<void> {
    return this.link.request('publish', topic, message);
  }
}
