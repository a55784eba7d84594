import { AppError } from '../errors';
import { negativeQuota, type BalanceBook, type Hold } from '../balances/balance-book';
import type { PrimaryLink } from './primary-link';
import { RecentBalances } from './recent-balances';

/**
 * A worker's view of the balance authority, which lives in the cluster primary. Reads and holds are
 * answered by the primary; charges, releases and usage counters are sent without waiting: the primary
 * applies a worker's operations in order, and the worker's wait for durability (`durable` on the
 * journal) is answered only after every operation it sent before is applied and journaled.
 */
export class RemoteBalanceBook implements BalanceBook {
  private readonly users = new RecentBalances();
  private readonly tokens = new RecentBalances();

  constructor(private readonly link: PrimaryLink) {}

  async userQuota(userId: number): Promise<number> {
    const value = await this.link.request<number>('userQuota', userId);
    this.users.told(userId, value);
    return value;
  }

  async tokenRemain(tokenId: number): Promise<number> {
    const value = await this.link.request<number>('tokenRemain', tokenId);
    this.tokens.told(tokenId, value);
    return value;
  }

  surelyAbove(userId: number, tokenId: number | null, amount: number): boolean {
    return this.users.surelyAbove(userId, amount) && (tokenId === null || this.tokens.surelyAbove(tokenId, amount));
  }

  tokenSurelyAbove(tokenId: number, amount: number): boolean {
    return this.tokens.surelyAbove(tokenId, amount);
  }

  async adjustUser(userId: number, delta: number): Promise<number> {
    const value = await this.link.request<number>('adjustUser', userId, delta);
    this.users.told(userId, value);
    return value;
  }

  async adjustToken(tokenId: number, delta: number): Promise<number> {
    const value = await this.link.request<number>('adjustToken', tokenId, delta);
    this.tokens.told(tokenId, value);
    return value;
  }

  async setTokenRemain(tokenId: number, value: number): Promise<void> {
    await this.link.request('setTokenRemain', tokenId, value);
    this.tokens.told(tokenId, value);
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(negativeQuota);
    await this.link.request('setUserQuota', userId, value);
    this.users.told(userId, value);
  }

  async reserve(request: Hold): Promise<boolean> {
    const held = await this.link.request<boolean>('reserve', request.userId, request.tokenId, request.amount);
    if (held) this.move(request.userId, request.tokenId, -request.amount);
    return held;
  }

  release(request: Hold): Promise<void> {
    this.link.send('release', request.userId, request.tokenId, request.amount);
    this.move(request.userId, request.tokenId, request.amount);
    return Promise.resolve();
  }

  charge(request: { userId: number; tokenId: number | null; reserved: number; quota: number }): Promise<void> {
    this.link.send('charge', request.userId, request.tokenId, request.reserved, request.quota);
    this.move(request.userId, request.tokenId, request.reserved - request.quota);
    return Promise.resolve();
  }

  private move(userId: number, tokenId: number | null, delta: number): void {
    this.users.moved(userId, delta);
    if (tokenId !== null) this.tokens.moved(tokenId, delta);
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    this.link.send('recordUsage', usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  /** Resolves once the primary applied what this worker sent and wrote the pending deltas. */
  flush(): Promise<void> {
    return this.link.request('flushBalances');
  }
}
