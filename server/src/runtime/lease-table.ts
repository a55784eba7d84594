/**
 * Leases: amounts of a user's balance (and, unless `tokenId` is null, of that token's) the cluster
 * primary holds for one worker, which lets calls in against them and charges them first. The worker
 * and the primary each keep a table of that worker's leases: a worker's lease is what it may still
 * spend; the primary's copy goes down as the worker's charges arrive. A lease is named by its `id`
 * when given back, so that a request crossing a newer grant never gives that one back.
 */
export interface Lease {
  id: number;
  userId: number;
  tokenId: number | null;
  amount: number;
}

/** Which leases a revocation takes back: every lease of a user, or the one of a token. */
export type LeaseOwner = 'user' | 'token';

/** A token belongs to one user, so a token's lease is found by the token alone. */
const keyOf = (userId: number, tokenId: number | null) => (tokenId === null ? `u${userId}` : `t${tokenId}`);

/** At most one lease per user and token (or user alone, for calls that spend no token's balance). */
export class LeaseTable {
  private readonly leases = new Map<string, Lease>();

  find(userId: number, tokenId: number | null): Lease | undefined {
    return this.leases.get(keyOf(userId, tokenId));
  }

  amount(userId: number, tokenId: number | null): number {
    return this.leases.get(keyOf(userId, tokenId))?.amount ?? 0;
  }

  grant(lease: Lease): void {
    this.leases.set(keyOf(lease.userId, lease.tokenId), lease);
  }

  /** Spends up to `amount` of the lease; returns what it covered. */
  take(userId: number, tokenId: number | null, amount: number): number {
    const lease = this.leases.get(keyOf(userId, tokenId));
    if (!lease || amount <= 0) return 0;
    const covered = Math.min(amount, lease.amount);
    lease.amount -= covered;
    return covered;
  }

  /** Ends the lease of the user and token, and returns it. */
  end(userId: number, tokenId: number | null): Lease | undefined {
    const key = keyOf(userId, tokenId);
    const lease = this.leases.get(key);
    this.leases.delete(key);
    return lease;
  }

  endById(id: number): Lease | undefined {
    for (const [key, lease] of this.leases) {
      if (lease.id !== id) continue;
      this.leases.delete(key);
      return lease;
    }
    return undefined;
  }

  /** Ends every lease of the user (`owner` "user") or of the token (`owner` "token"), and returns them. */
  endAll(owner: LeaseOwner, id: number): Lease[] {
    const ended: Lease[] = [];
    for (const [key, lease] of this.leases) {
      if (owner === 'user' ? lease.userId !== id : lease.tokenId !== id) continue;
      this.leases.delete(key);
      ended.push(lease);
    }
    return ended;
  }

  /** What is left of the leases of the user (`owner` "user") or of the token. */
  total(owner: LeaseOwner, id: number): number {
    if (owner === 'token') return this.leases.get(keyOf(0, id))?.amount ?? 0;
    let sum = 0;
    for (const lease of this.leases.values()) if (lease.userId === id) sum += lease.amount;
    return sum;
  }
}
