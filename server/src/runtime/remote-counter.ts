import type { WindowCounter } from '../platform/window-counter';
import type { PrimaryLink } from './primary-link';

/** A worker's limit counters: the cluster primary's memory counter, so that limits hold across workers. */
export class RemoteWindowCounter implements WindowCounter {
  constructor(private readonly link: PrimaryLink) {}

  add(key: string, amount: number, windowSeconds: number): Promise<number> {
    return this.link.request('counterAdd', key, amount, windowSeconds);
  }

  read(key: string): Promise<number> {
    return this.link.request('counterRead', key);
  }

  acquire(key: string, holder: string, limit: number, maxHoldSeconds: number): Promise<boolean> {
    return this.link.request('counterAcquire', key, holder, limit, maxHoldSeconds);
  }

  release(key: string, holder: string): Promise<void> {
    this.link.send('counterRelease', key, holder);
    return Promise.resolve();
  }
}
