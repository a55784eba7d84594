import type { Redis } from 'ioredis';
import { leaseCovers, LeaseTable, type Lease, type LeaseOwner } from './lease-table';
import { END_LEASES, RENEW } from './redis-lease-scripts';

/** A lease is this share of what the other leases leave free of the balance. */
export const REDIS_LEASE_SHARE = 0.25;
/** A lease not renewed for this long (its instance died) ends by itself. */
export const LEASE_EXPIRY_MS = 5000;

/**
 * This instance's leases of balances held in Redis: the part of a user's (and a token's) balance it
 * may spend without asking Redis first, so that most calls of a large balance are let in and charged
 * here, their charges reaching Redis in the turn's batch as before.
 *
 * A lease does not move money. Redis keeps one key per lease with what it still covers; a hold by any
 * instance may take only what the leases leave free, and before a refusal or a change that may lower
 * the balance the script takes every lease on that balance back. The holder learns a lease is gone
 * from the next answer about it (a charge it paid, or the heartbeat `renew`, every flush): until then
 * it may still let calls in against it, which are charged in full like any call. Because the balance
 * never moved into a lease, a lease that ends (taken back, expired after its instance died) gives
 * nothing back and cannot be counted twice; the charges are applied once each by their journal numbers.
 */
export class RedisLeases {
  private readonly table = new LeaseTable();
  private nextId = 1;
  /** this instance's set of lease keys in Redis */
  readonly ownKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly instanceId: string,
  ) {
    this.ownKey = `${prefix}leases:${instanceId}`;
  }

  /** The Redis key of this instance's lease of the user and token. */
  key(userId: number, tokenId: number | null): string {
    return `${this.prefix}lease:${this.instanceId}:${userId}:${tokenId ?? 0}`;
  }

  /** Whether the lease of the user and token is above `amount` (or, for 0 without a token, any lease of the user is left). */
  above(userId: number, tokenId: number | null, amount: number): boolean {
    return amount <= 0 && tokenId === null ? this.table.total('user', userId) > 0 : this.table.amount(userId, tokenId) > amount;
  }

  tokenAbove(tokenId: number, amount: number): boolean {
    return this.table.total('token', tokenId) > amount;
  }

  /** Whether a call of `estimate` is surely covered by the lease (as the ledger asks `surelyAbove`). */
  covers(userId: number, tokenId: number | null, estimate: number): boolean {
    return leaseCovers(this.table.amount(userId, tokenId), estimate);
  }

  granted(userId: number, tokenId: number | null, size: number): void {
    this.table.grant({ id: this.nextId, userId, tokenId, amount: size });
    this.nextId += 1;
  }

  /** Spends up to `amount` of the lease for a charge: the lease paying it, and what it covered. */
  spend(userId: number, tokenId: number | null, amount: number): { lease: Lease; covered: number } | null {
    const lease = this.table.find(userId, tokenId);
    const covered = lease ? this.table.take(userId, tokenId, amount) : 0;
    return lease && covered > 0 ? { lease, covered } : null;
  }

  /** Redis answered that `lease` is gone: it is no longer spent here (unless a newer grant replaced it). */
  gone(lease: Lease): void {
    if (this.table.find(lease.userId, lease.tokenId)?.id === lease.id) this.table.end(lease.userId, lease.tokenId);
  }

  /** A change that may lower the balance took back every lease on it, this instance's too. */
  recalled(owner: LeaseOwner, id: number): void {
    this.table.endAll(owner, id);
  }

  /** The heartbeat: extends the leases in Redis, and stops spending those that are gone (all of them if Redis did not answer). */
  async renew(): Promise<void> {
    try {
      const gone = (await RENEW.run(this.redis, [this.ownKey], [LEASE_EXPIRY_MS])) as string[];
      for (const key of gone) {
        const [userId = 0, tokenId = 0] = key.split(':').slice(-2).map(Number);
        this.table.end(userId, tokenId === 0 ? null : tokenId);
      }
    } catch (error) {
      this.table.clear();
      throw error;
    }
  }

  /** Ends every lease of this instance in Redis (a stop, or a killed run's at start) and here. */
  async endAll(): Promise<void> {
    this.table.clear();
    await END_LEASES.run(this.redis, [this.ownKey], []);
  }
}
