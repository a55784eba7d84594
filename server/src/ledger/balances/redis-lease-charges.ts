import type { Redis } from 'ioredis';
import type { Lease } from './lease-table';
import { APPLY_LEASED } from './redis-lease-scripts';

/** A balance a lease's charges apply to: its key and which balance it is (to load it when Redis lacks it). */
export interface LeasedBalance {
  key: string;
  kind: 'user' | 'token';
  id: number;
}

interface Pending {
  lease: Lease;
  balances: LeasedBalance[];
  /** seq, amount, seq, amount… */
  charges: number[];
}

/** What the queue needs of its book: durability, loading a balance, and being told a lease is gone. */
export interface LeaseChargesOwner {
  instanceId: string;
  appliedKey: string;
  durable(): Promise<void>;
  load(kind: 'user' | 'token', id: number): Promise<unknown>;
  gone(lease: Lease): void;
}

/**
 * The charges that leases paid in full, applied in Redis once the turn's I/O is handled: one script
 * call per lease for all its charges of the turn, instead of a change each. Each charge is journaled
 * before it is queued, and sent only once the journal holds it; the balance in Redis lags by what is
 * on its way, which stays within the lease (other instances' holds count the lease as taken). If the
 * instance dies first, its restart applies the journaled charges as any other (once each: the
 * applied set), and a call that fails is sent again with the next send (at the latest the next
 * flush, once a second; the applied set keeps each charge once).
 */
export class LeaseCharges {
  private pending = new Map<string, Pending>();
  private scheduled: NodeJS.Immediate | null = null;
  /** batches sent and not yet answered (they apply in any order: each charge once, sums commute) */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly redis: Redis,
    private readonly owner: LeaseChargesOwner,
  ) {}

  /** Whether charges wait, or are on their way to Redis: a read or a decision on the balance waits for `send` first. */
  get busy(): boolean {
    return this.pending.size > 0 || this.inFlight.size > 0;
  }

  add(leaseKey: string, lease: Lease, balances: LeasedBalance[], seq: number, amount: number): void {
    const entry = this.pending.get(leaseKey);
    if (entry && entry.lease.id === lease.id) entry.charges.push(seq, amount);
    else if (entry) {
      // A newer grant of the same key: the older one's charges go first.
      this.send().catch(() => undefined);
      this.pending.set(leaseKey, { lease, balances, charges: [seq, amount] });
    } else this.pending.set(leaseKey, { lease, balances, charges: [seq, amount] });
    this.scheduled ??= setImmediate(() => void this.send().catch(() => undefined));
  }

  /** Sends every waiting charge now; resolves once they are applied (those that failed wait for the next send). */
  send(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) {
      const applied = this.apply(batch).finally(() => this.inFlight.delete(applied));
      this.inFlight.add(applied);
    }
    return Promise.all(this.inFlight).then(() => undefined);
  }

  private async apply(batch: Map<string, Pending>): Promise<void> {
    await this.owner.durable();
    const failed: unknown[] = [];
    await Promise.all(
      [...batch].map(([leaseKey, entry]) =>
        this.applyOne(leaseKey, entry).catch((error: unknown) => {
          failed.push(error);
          const later = this.pending.get(leaseKey);
          if (later) later.charges.unshift(...entry.charges);
          else this.pending.set(leaseKey, entry);
        }),
      ),
    );
    if (failed.length > 0) throw failed[0];
  }

  private async applyOne(leaseKey: string, entry: Pending): Promise<void> {
    const keys = [
      this.owner.appliedKey,
      leaseKey,
      ...entry.balances.flatMap((balance) => [balance.key, `${balance.key}:marks`]),
    ];
    for (let round = 0; round < 3; round += 1) {
      const [missing, gone] = (
        (await APPLY_LEASED.run(this.redis, keys, [this.owner.instanceId, ...entry.charges])) as number[]
      ).map(Number);
      const balance = entry.balances[(missing ?? 0) - 1];
      if (!balance) {
        if (gone === 1) this.owner.gone(entry.lease);
        return;
      }
      await this.owner.load(balance.kind, balance.id);
    }
    throw new Error('balance could not be loaded into Redis');
  }
}
