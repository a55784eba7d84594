import type { Redis } from 'ioredis';
import { leaseCovers, LeaseTable, type Lease, type LeaseOwner } from './lease-table';
import { END_LEASES, LEASE_EXPIRY_MS, RENEW } from './redis-lease-scripts';

export { LEASE_EXPIRY_MS } from './redis-lease-scripts';

/** A lease is this share of what the other leases leave free of the balance. */
export const REDIS_LEASE_SHARE = 0.25;

/**
 * This instance's leases of balances held in Redis: the part of a user's (and a token's) balance it
 * may spend without asking Redis first, so that most calls of a large balance are let in and charged
 * here, their charges reaching Redis together once per turn (redis-lease-charges.ts).
 *
 * A lease does not move money. Redis keeps one key per lease with what it still covers; a hold by any
 * instance may take only what the leases leave free. Before a refusal, or a change that may lower the
 * balance, the leases on it are recalled: Redis tells the holders (pub/sub), each stops spending,
 * applies what its lease paid and ends it, and the asking instance waits for that (at most
 * LEASE_EXPIRY_MS: a holder that does not answer is dead or cut off, and its lease is ended without
 * it). Because the balance never moved into a lease, a lease that ends (given back, expired after its
 * instance died) gives nothing back and cannot be counted twice; the charges are applied once each by
 * their journal numbers, a killed instance's by its restart.
 */
export class RedisLeases {
  private readonly table = new LeaseTable();
  private nextId = 1;
  /** this instance's set of lease keys in Redis */
  readonly ownKey: string;
  private readonly endedChannel: string;
  private listener: Redis | null = null;
  /** how many `lease-ended` messages this instance heard, and who waits for the next */
  private ends = 0;
  private waiters: Array<() => void> = [];
  /** gives a recalled lease of this instance back (its charges applied first); set by the book */
  onRecalled: (key: string) => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly instanceId: string,
  ) {
    this.ownKey = `${prefix}leases:${instanceId}`;
    this.endedChannel = `${prefix}lease-ended`;
  }

  /** Listens for recalls of this instance's leases and for ended leases (before any lease is granted). */
  async listen(): Promise<void> {
    if (this.listener) return;
    const listener = this.redis.duplicate();
    this.listener = listener;
    const own = `${this.prefix}lease:${this.instanceId}:`;
    listener.on('message', (channel: string, key: string) => {
      if (channel === this.endedChannel) this.ended();
      else if (key.startsWith(own)) this.recalled(key);
    });
    await listener.subscribe(`${this.prefix}lease-recalls`, this.endedChannel);
  }

  /** The Redis key of this instance's lease of the user and token. */
  key(userId: number, tokenId: number | null): string {
    return `${this.prefix}lease:${this.instanceId}:${userId}:${tokenId ?? 0}`;
  }

  above(userId: number, tokenId: number | null, amount: number): boolean {
    return this.table.above(userId, tokenId, amount);
  }

  tokenAbove(tokenId: number, amount: number): boolean {
    return this.table.tokenAbove(tokenId, amount);
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

  /** A lowering of the balance made here: this instance's leases on it are no longer spent. */
  lowering(owner: LeaseOwner, id: number): void {
    this.table.endAll(owner, id);
  }

  /** The number of ended leases heard so far, for `endAfter`. */
  get endsHeard(): number {
    return this.ends;
  }

  /** Resolves true once a lease ended after `heard` leases had, or false after LEASE_EXPIRY_MS. */
  endAfter(heard: number): Promise<boolean> {
    if (this.ends > heard) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, LEASE_EXPIRY_MS);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }

  /** The heartbeat: extends the leases in Redis, stops spending those gone, gives back those recalled (and stops all if Redis did not answer). */
  async renew(): Promise<void> {
    try {
      const [gone = [], recalled = []] = (await RENEW.run(this.redis, [this.ownKey], [LEASE_EXPIRY_MS])) as string[][];
      for (const key of gone) this.forget(key);
      for (const key of recalled) this.recalled(key);
    } catch (error) {
      this.table.clear();
      throw error;
    }
  }

  /** Ends leases of this instance in Redis (all of them: a stop, or a killed run's at start) and tells who waits. */
  async end(keys: string[] = []): Promise<void> {
    if (keys.length === 0) this.table.clear();
    await END_LEASES.run(this.redis, [this.ownKey], [this.endedChannel, ...keys]);
  }

  /** Stops listening (a stop). */
  close(): void {
    this.listener?.disconnect();
    this.listener = null;
  }

  private recalled(key: string): void {
    this.forget(key);
    this.onRecalled(key).catch(() => undefined);
  }

  private ended(): void {
    this.ends += 1;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private forget(key: string): void {
    const [userId = 0, tokenId = 0] = key.split(':').slice(-2).map(Number);
    this.table.end(userId, tokenId === 0 ? null : tokenId);
  }
}
