import { TRUST_FACTOR } from './admission';

/**
 * Leases: amounts of a user's balance (and, unless `tokenId` is null, of that token's) held for one
 * process, which lets calls in against them without asking and charges them first: a cluster worker's
 * from its primary (runtime/primary-leases.ts), an instance's from Redis (redis-leases.ts). The holder
 * keeps a table of its leases: a lease is what it may still spend. A lease is named by its `id` when
 * given back, so that a request crossing a newer grant never gives that one back.
 */
export interface Lease {
  id: number;
  userId: number;
  tokenId: number | null;
  amount: number;
}

/** Which leases a revocation takes back: every lease of a user, or the one of a token. */
export type LeaseOwner = 'user' | 'token';

/**
 * The rule both grantors follow: a lease is `share` of what is left, and is granted only if it is
 * large enough to trust calls against (more than TRUST_FACTOR times the call's estimate); else 0.
 */
export function leaseSize(available: number, estimate: number, share: number): number {
  const size = Math.floor(available * share);
  return size > estimate * TRUST_FACTOR ? size : 0;
}

/** Whether a lease of `amount` surely covers a call of `estimate` (0: a call that reserves nothing). */
export const leaseCovers = (amount: number, estimate: number) => amount > estimate * TRUST_FACTOR;

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

  /** Ends every lease (the holder can no longer vouch for any). */
  clear(): void {
    this.leases.clear();
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

  /** Whether the lease of the user and token is above `amount` (or, for 0 without a token, any lease of the user is left). */
  above(userId: number, tokenId: number | null, amount: number): boolean {
    return amount <= 0 && tokenId === null ? this.total('user', userId) > 0 : this.amount(userId, tokenId) > amount;
  }

  /** Whether what is left of the token's lease is above `amount`. */
  tokenAbove(tokenId: number, amount: number): boolean {
    return this.total('token', tokenId) > amount;
  }
}
