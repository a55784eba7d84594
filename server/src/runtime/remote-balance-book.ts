import { AppError } from '../platform/errors';
import type { Admission } from '../ledger/balances/admission';
import { type BalanceBook, type Charge, type Hold, type Refund } from '../ledger/balances/balance-book';
import type { DeltaWriter } from '../ledger/balances/delta-writer';
import { LeaseTable } from '../ledger/balances/lease-table';
import type { PrimaryLink } from './primary-link';
import { messages } from '../platform/i18n/catalogue';

/**
 * A worker's view of the balance authority, which lives in the cluster primary. Reads and admissions
 * are answered by the primary; charges, releases and usage counters are sent without waiting: the
 * primary applies a worker's operations in order, and the worker's wait for durability (`durable` on
 * the journal) is answered only after every operation it sent before is applied and journaled.
 *
 * A caller with a large balance gets a lease with its admission: part of the balance, held by the
 * primary for this worker, against which later calls are let in here without asking (as a single
 * process trusts the balances in memory) and which their charges spend first. The primary takes the
 * leases of a user back before any change that lowers the balance, and before it refuses a call, so
 * a lease never lets in a call the balance would not.
 *
 * With `bills` (a writer journaled by this worker), a charge and the usage are journaled and written
 * here; the primary is told only what the call cost its balances (`charged`), in a message that may
 * leave a little later, with the journal record of the bill: if this worker dies, the primary takes
 * the bills it was not told of from this worker's journal.
 */
export class RemoteBalanceBook implements BalanceBook {
  private readonly leases = new LeaseTable();
  /** [operation number, journal record] of each bill in order, until the channel has written it */
  private untold: Array<[number, number]> = [];
  private untoldFrom = 0;

  constructor(
    private readonly link: PrimaryLink,
    private readonly bills: DeltaWriter | null = null,
  ) {
    // A push is read after the replies of its message, so a lease granted before the revocation is in the table.
    link.on('revoke', (owner, id, ackId) => {
      link.send('revoked', ackId, ...this.leases.endAll(owner, id).map((lease) => lease.id));
    });
  }

  userQuota(userId: number): Promise<number> {
    return this.link.request('userQuota', userId);
  }

  tokenRemain(tokenId: number): Promise<number> {
    return this.link.request('tokenRemain', tokenId);
  }

  /**
   * From the leases only, never from a copy of a balance: a copy cannot know of a change made through
   * the primary since (an administrator lowering a quota, other workers' calls), a lease is held for
   * this worker alone.
   */
  surelyAbove(userId: number, tokenId: number | null, amount: number): boolean {
    return this.leases.above(userId, tokenId, amount);
  }

  tokenSurelyAbove(tokenId: number, amount: number): boolean {
    return this.leases.tokenAbove(tokenId, amount);
  }

  /**
   * A credit (a positive change) in a worker that journals its own bills is journaled here, in the same
   * journal as its log row, and the primary told as of a refund; the answer reads the balance after it
   * (the queue keeps the order). A lowering goes through the primary, which takes the leases back first.
   */
  adjustUser(userId: number, delta: number): Promise<number> {
    if (!this.bills || delta <= 0) return this.link.request('adjustUser', userId, delta);
    this.told(this.bills.userQuota(userId, delta), userId, null, 0, -delta, 0);
    return this.link.request('userQuota', userId);
  }

  adjustToken(tokenId: number, delta: number): Promise<number> {
    return this.link.request('adjustToken', tokenId, delta);
  }

  setTokenRemain(tokenId: number, value: number): Promise<void> {
    return this.link.request('setTokenRemain', tokenId, value);
  }

  async setUserQuota(userId: number, value: number): Promise<void> {
    if (value < 0) throw new AppError(messages.common.quotaNegative);
    await this.link.request('setUserQuota', userId, value);
  }

  /** What is left of this worker's lease goes back with the request: the primary decides afresh. */
  async admit(request: Hold): Promise<Admission> {
    const givenBack = this.leases.end(request.userId, request.tokenId)?.id ?? 0;
    const [reserved, lease, short] = await this.link.request(
      'admit',
      request.userId,
      request.tokenId,
      request.amount,
      givenBack,
    );
    if (lease) this.leases.grant({ ...lease, userId: request.userId, tokenId: request.tokenId });
    return short === '' ? { reserved } : { short };
  }

  reserve(request: Hold): Promise<boolean> {
    return this.link.request('reserve', request.userId, request.tokenId, request.amount);
  }

  release(request: Hold): Promise<void> {
    this.link.send('release', request.userId, request.tokenId, request.amount);
    return Promise.resolve();
  }

  /** The lease pays first, whether or not the call was let in against it. */
  charge(request: Charge): Promise<void> {
    const covered = this.leases.take(request.userId, request.tokenId, request.quota - request.reserved);
    if (!this.bills) {
      this.link.send('charge', request.userId, request.tokenId, request.reserved, request.quota, covered);
      return Promise.resolve();
    }
    this.told(
      this.bills.charge(request.userId, request.tokenId, request.quota),
      request.userId,
      request.tokenId,
      request.reserved,
      request.quota,
      covered,
    );
    return Promise.resolve();
  }

  refund(request: Refund): Promise<void> {
    if (!this.bills) {
      this.link.send('refund', request.userId, request.tokenId, request.quota);
      return Promise.resolve();
    }
    this.told(
      this.bills.refund(request.userId, request.tokenId, request.quota),
      request.userId,
      request.tokenId,
      0,
      -request.quota,
      0,
    );
    return Promise.resolve();
  }

  /** Tells the primary what a bill this worker journaled (record `seq`) cost its balances. */
  private told(
    seq: number,
    userId: number,
    tokenId: number | null,
    reserved: number,
    quota: number,
    covered: number,
  ): void {
    const operation = this.link.defer('charged', userId, tokenId, reserved, quota, covered, seq);
    if (seq > 0) this.untold.push([operation, seq]);
  }

  /**
   * The oldest journal record of a bill the primary has not been told (Infinity when none): the
   * journal keeps it even once written, for the primary to apply if this worker dies first.
   */
  get oldestPendingSeq(): number {
    const written = this.link.writtenCount;
    while (this.untoldFrom < this.untold.length && (this.untold[this.untoldFrom]?.[0] ?? 0) <= written)
      this.untoldFrom += 1;
    if (this.untoldFrom > 1024) {
      this.untold = this.untold.slice(this.untoldFrom);
      this.untoldFrom = 0;
    }
    return this.untold[this.untoldFrom]?.[1] ?? Number.POSITIVE_INFINITY;
  }

  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void {
    if (this.bills) this.bills.usage(usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
    else this.link.send('recordUsage', usage.userId, usage.tokenId, usage.channelId, usage.quota, usage.requests);
  }

  /**
   * Writes the pending deltas: this worker's own (telling the primary its bills at once, so that
   * none waits at a stop), or (without `bills`) the primary's once it applied what this worker sent.
   */
  flush(): Promise<void> {
    if (!this.bills) return this.link.request('flushBalances');
    this.link.flush();
    return this.bills.flush();
  }
}
