import { AppError } from '../errors';
import { negativeQuota, type BalanceBook, type Hold } from '../balances/balance-book';
import type { PrimaryLink } from './primary-link';

/**
 * A worker's view of the balance authority, which lives in the cluster primary. Reads and holds are
 * answered by the primary; charges, releases and usage counters are sent without waiting: the primary
 * applies a worker's operations in order, and the worker's wait for durability (`durable` on the
 * journal) is answered only after every operation it sent before is applied and journaled.
 */
export class RemoteBalanceBook implements BalanceBook {
  constructor(private readonly link: PrimaryLink) {}

  userQuota(userId: number): Promise<number> {
    return this.link.request('userQuota', userId);
  }

  tokenRemain(tokenId: number): Promise<number> {
    return this.link.request('tokenRemain', tokenId);
  }

  /**
   * Never from a copy: a copy cannot know of a change made through the primary since (an administrator
   * lowering a quota, other workers' holds), and a worker admitting on it overdrew balances.
   */
  surelyAbove(): boolean {
    return false;
  }

  tokenSurelyAbove(): boolean {
    return false;
  }

  adjustUser(userId: number, delta: number): Promise<number> {
    return this.link.request('adjustUser', userId, delta);
  }

  adjustToken(tokenId: number, delta: number): Promise<number> {
    return this.link.request('adjustToken', tokenId, delta);
  }

  setTokenRemain(tokenId: number, value: number): Promise<void> {
    return this.link.request('setTokenRemain', tokenId, value);
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(negativeQuota);
    await this.link.request('setUserQuota', userId, value);
  }

  reserve(request: Hold): Promise<boolean> {
    return this.link.request('reserve', request.userId, request.tokenId, request.amount);
  }

  release(request: Hold): Promise<void> {
    this.link.send('release', request.userId, request.tokenId, request.amount);
    return Promise.resolve();
  }

  charge(request: { userId: number; tokenId: number | null; reserved: number; quota: number }): Promise<void> {
    this.link.send('charge', request.userId, request.tokenId, request.reserved, request.quota);
    return Promise.resolve();
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    this.link.send('recordUsage', usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  /** Resolves once the primary applied what this worker sent and wrote the pending deltas. */
  flush(): Promise<void> {
    return this.link.request('flushBalances');
  }
}
