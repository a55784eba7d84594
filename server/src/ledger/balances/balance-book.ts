import type { Admission } from './admission';

/** An amount held on a user's balance and, unless null, a token's. */
export interface Hold {
  userId: number;
  tokenId: number | null;
  amount: number;
}

/** A call's bill as the balances see it. */
export interface Charge {
  userId: number;
  /** the token's balance, or null (unlimited token, playground) */
  tokenId: number | null;
  /** what admission reserved for the call (0 when nothing) */
  reserved: number;
  quota: number;
}

/** A price given back. */
export interface Refund {
  userId: number;
  tokenId: number | null;
  quota: number;
}

/**
 * The one authority for spendable balances: users' `quota` and tokens' `remain_quota`.
 *
 * Every change of a balance goes through here (relay debits, refunds, top-ups, admin edits), never
 * through an absolute UPDATE of those columns: the authority applies the change atomically and the
 * database receives it as an additive delta in the next batch, so instances never overwrite each other.
 * Process memory is the authority for a single instance; Redis when REDIS_CONN_STRING is set.
 */
export interface BalanceBook {
  /** Current quota of a user. */
  userQuota(userId: number): Promise<number>;
  /**
   * True only when the user's balance (and the token's, unless `tokenId` is null) is surely above
   * `amount`, answered at once from what this process already holds: the relay's hot path asks this
   * first and reads the balances properly only on false. The balances in memory answer, a cluster
   * worker from the leases the primary gave it, and an instance on Redis from the leases Redis gave it.
   */
  surelyAbove(userId: number, tokenId: number | null, amount: number): boolean;
  /** Like `surelyAbove`, for a token's balance alone. */
  tokenSurelyAbove(tokenId: number, amount: number): boolean;
  /** Current remaining quota of a token. */
  tokenRemain(tokenId: number): Promise<number>;
  /** Adds `delta` (may be negative) to a user's quota; returns the new value. */
  adjustUser(userId: number, delta: number): Promise<number>;
  /** Adds `delta` (may be negative) to a token's remaining quota; returns the new value. */
  adjustToken(tokenId: number, delta: number): Promise<number>;
  /** Sets a token's remaining quota to `value` (an edit in the console), as a delta. */
  setTokenRemain(tokenId: number, value: number): Promise<void>;
  /** Sets a user's quota to `value` (an edit in the console), as a delta; refuses a negative result. */
  setUserQuota(userId: number, value: number): Promise<void>;
  /** Lets a call that may cost `request.amount` in (reserving it unless the caller is trusted), or refuses it: see `admitOn`. */
  admit(request: Hold): Promise<Admission>;
  /**
   * Holds `amount` of the user's and, unless `tokenId` is null (unlimited token or playground), of
   * the token's balance, only if both hold enough; all or nothing. Returns false when either is
   * short. A hold lives in the authority only: it never reaches the database, so a call cut short by
   * a crash is never charged; `charge` or `release` ends it.
   */
  reserve(request: Hold): Promise<boolean>;
  /** Ends a hold without charging (the call failed): nothing is journaled, nothing reaches the database. */
  release(request: Hold): Promise<void>;
  /**
   * Ends a hold of `reserved` (0 when none) by charging `quota` (never negative) to the user's and,
   * unless null, the token's balance: one journal record, appended before this returns when the
   * balances are loaded (the ledger makes sure they are); the database receives -quota.
   */
  charge(request: Charge): Promise<void>;
  /** Gives `quota` back to the user's and, unless null, the token's balance (a failed task's price): one journal record. */
  refund(request: Refund): Promise<void>;
  /** Counters without an authority, flushed additively: used quota, request count. */
  recordUsage(usage: { userId: number; tokenId: number; channelId: number; quota: number; requests: number }): void;
  /** Writes every pending delta to the database now. */
  flush(): Promise<void>;
  /** Gives back what this process holds for itself (its leases) at a clean stop, after the last flush. */
  close?(): Promise<void>;
  /** Lets go of what the process listens on, holding on to nothing (a start that failed, or a test's crash). */
  abandon?(): void;
}
