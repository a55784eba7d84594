import type { AppContext } from '../app-context';
import { perContext } from '../platform/per-context';
import type { WriteBehind } from '../platform/write-behind';
import { TRUST_FACTOR, type Admission } from './balances/admission';
import type { BalanceBook, Charge, Refund } from './balances/balance-book';
import type { Durability } from './durable-journal';
import type { LogEntry } from './log-insert';
import { LogType, type LogQueue, type RollEntry } from './log-writer';

/**
 * A call's (or a task's) bill: what it cost, what admission reserved for it, and the records that go
 * with it. `settle` journals the log row, the usage and the charge in one synchronous stretch, so the
 * journal holds all of them or none.
 */
export interface Bill extends Charge {
  /** the calling token, for its used-quota counter (0: the playground); `tokenId` is the balance it spends */
  usageTokenId: number;
  channelId: number;
  /** the consumption log row, or null when consumption logging is off */
  log: LogEntry | null;
  /** the hourly rollup entry, or null when data export is off */
  roll: RollEntry | null;
  /** requests this bill counts (1 unless said: a realtime session counts once over its turns' bills) */
  requests?: number;
  /** what the wallet pays when it is not `quota`: 0 for a call a subscription paid (its quota is settled in subscriptions/; the token still spends `quota`) */
  walletQuota?: number;
}

/** A failed task's price given back, with the system log row that records it. */
export interface TaskRefund extends Refund {
  log: LogEntry;
  /** the price came from a subscription (given back in subscriptions/): only the token's balance is credited here */
  subscriptionPaid?: boolean;
}

/** Why a user's balance grows (or, for an administrator's change, shrinks): the log row's type. */
export type CreditReason = 'top-up' | 'reward' | 'admin';

const LOG_TYPE_OF: Record<CreditReason, number> = {
  'top-up': LogType.TopUp,
  reward: LogType.System,
  admin: LogType.Admin,
};

/** A change of a user's balance made outside a call: a top-up, a redemption, a reward, an administrator's edit. */
export interface Credit {
  userId: number;
  username: string;
  /** added to the balance; negative only for an administrator's change */
  amount: number;
  reason: CreditReason;
  /** the log row's text (zh, as the reference product writes it) */
  content: string;
  createdAt: number;
  /** the log row's `request_id`: a witness by which a restarted instance finds the credit (a paid order's) */
  requestId?: string;
}

/** A purchase paid from the wallet (a subscription plan): the held amount is charged with its log row. */
export interface Debit {
  userId: number;
  username: string;
  amount: number;
  /** the log row's text (zh, as the reference product writes it) */
  content: string;
  createdAt: number;
}

/** What the ledger is made of: the process's balance authority, journal, log queue and write-behind gate. */
export interface LedgerParts {
  balances: BalanceBook;
  journal: Durability | null;
  logs: LogQueue;
  writeBehind: WriteBehind;
}

/** The admission of a caller who surely holds enough: nothing reserved. Shared, so the hot path allocates nothing. */
const ADMITTED_WITHOUT_HOLD: Admission = Object.freeze({ reserved: 0 });
const DONE = Promise.resolve();

/**
 * The one way money moves: the relay, the task runner and the console all go through here. Each
 * method names what happens and journals a change together with its record (log row), in the same
 * turn, before it resolves; `durable()` says when that is crash-safe. See README.md in this folder.
 */
export class Ledger {
  constructor(private readonly parts: LedgerParts) {}

  /**
   * Lets a call that may cost `amount` in, reserving it unless the caller surely holds plenty, or
   * refuses it for the balance that is short. While the write-behind queue lags (the database cannot
   * keep up) the call waits first. Answered without a promise when this process's balances (or a
   * worker's lease) surely cover the call: the steady state of the hot path.
   */
  admit(userId: number, tokenId: number | null, amount: number): Admission | Promise<Admission> {
    const lagging = this.parts.writeBehind.admission();
    if (lagging) return lagging.then(() => this.admitNow(userId, tokenId, amount));
    return this.admitNow(userId, tokenId, amount);
  }

  private admitNow(userId: number, tokenId: number | null, amount: number): Admission | Promise<Admission> {
    const { balances } = this.parts;
    if (
      amount <= 0 ? balances.surelyAbove(userId, null, 0) : balances.surelyAbove(userId, tokenId, amount * TRUST_FACTOR)
    )
      return ADMITTED_WITHOUT_HOLD;
    return balances.admit({ userId, tokenId, amount });
  }

  /** Gives a reservation back in full (the call failed): nothing is charged, nothing journaled. */
  release(userId: number, tokenId: number | null, reserved: number): Promise<void> {
    if (reserved <= 0) return DONE;
    return this.parts.balances.release({ userId, tokenId, amount: reserved });
  }

  /**
   * Ends a call's reservation by its bill: the log row, the rollup entry, the usage counters and the
   * charge are journaled here, in this order and in one synchronous stretch. Await `durable()` before
   * the answer's last byte.
   */
  settle(bill: Bill): Promise<void> {
    const { logs, balances } = this.parts;
    if (bill.log) logs.write(bill.log);
    if (bill.roll) logs.roll(bill.roll);
    balances.recordUsage({
      userId: bill.userId,
      tokenId: bill.usageTokenId,
      channelId: bill.channelId,
      quota: bill.quota,
      requests: bill.requests ?? 1,
    });
    if (bill.walletQuota === undefined) return balances.charge(bill);
    // A subscription paid: the wallet pays `walletQuota`, the token's balance still spends the whole bill.
    const wallet = balances.charge({
      userId: bill.userId,
      tokenId: null,
      reserved: bill.reserved,
      quota: bill.walletQuota,
    });
    if (bill.tokenId === null || bill.quota === 0) return wallet;
    return Promise.all([wallet, balances.adjustToken(bill.tokenId, -bill.quota)]).then(() => undefined);
  }

  /**
   * Whether a token's balance covers `amount` (a call a subscription pays still spends its token):
   * answered at once when this process surely knows, else read.
   */
  tokenCovers(tokenId: number, amount: number): boolean | Promise<boolean> {
    const { balances } = this.parts;
    if (balances.tokenSurelyAbove(tokenId, Math.max(amount, 0))) return true;
    return balances.tokenRemain(tokenId).then((remain) => remain > 0 && remain >= amount);
  }

  /**
   * Gives a failed task's price back with its log row. The balances are loaded first, then row and
   * refund are journaled in one synchronous stretch. Resolves once both are journaled (not yet
   * durable), with the refund's application in the authority, which may still fail (the journal
   * replays it then).
   */
  async refund(refund: TaskRefund): Promise<{ applied: Promise<void> }> {
    await this.loaded(refund.userId, refund.tokenId);
    this.parts.logs.write(refund.log);
    if (!refund.subscriptionPaid) return { applied: this.parts.balances.refund(refund) };
    return {
      applied:
        refund.tokenId === null
          ? DONE
          : this.parts.balances.adjustToken(refund.tokenId, refund.quota).then(() => undefined),
    };
  }

  /**
   * Adds `amount` to a user's balance with its log row (a top-up, a redemption, a reward, an
   * administrator's change). The balance is loaded first, then row and change are journaled in one
   * synchronous stretch, so a crash cannot keep the credit without its record. Returns the new balance.
   */
  async credit(credit: Credit): Promise<number> {
    await this.loaded(credit.userId, null);
    this.parts.logs.write({
      user_id: credit.userId,
      username: credit.username,
      created_at: credit.createdAt,
      type: LOG_TYPE_OF[credit.reason],
      content: credit.content,
      other: '{}',
      ...(credit.requestId === undefined ? {} : { request_id: credit.requestId }),
    });
    return this.parts.balances.adjustUser(credit.userId, credit.amount);
  }

  /**
   * Holds `amount` of a user's wallet for a purchase, all or nothing (never trusted without a hold):
   * of parallel purchases only those the balance covers get one. False when the balance is short.
   * `debit` charges the hold, `release` gives it back.
   */
  async hold(userId: number, amount: number): Promise<boolean> {
    await this.loaded(userId, null);
    return this.parts.balances.reserve({ userId, tokenId: null, amount });
  }

  /** Charges a purchase's hold (`hold` first) with its top-up log row, in one synchronous stretch. */
  debit(debit: Debit): Promise<void> {
    this.parts.logs.write({
      user_id: debit.userId,
      username: debit.username,
      created_at: debit.createdAt,
      type: LogType.TopUp,
      content: debit.content,
      other: '{}',
    });
    return this.parts.balances.charge({
      userId: debit.userId,
      tokenId: null,
      reserved: debit.amount,
      quota: debit.amount,
    });
  }

  /** A user's balance as the authority holds it. */
  userQuota(userId: number): Promise<number> {
    return this.parts.balances.userQuota(userId);
  }

  /** Resolves once everything journaled so far is durable (at once when the journal is off). */
  durable(): Promise<void> {
    return this.parts.journal ? this.parts.journal.durable() : DONE;
  }

  private async loaded(userId: number, tokenId: number | null): Promise<void> {
    await this.parts.balances.userQuota(userId);
    if (tokenId !== null) await this.parts.balances.tokenRemain(tokenId);
  }
}

/** The ledger of an app context (the relay, the task runner and the console share it). */
export const ledgerOf: (context: AppContext) => Ledger = perContext((context) => new Ledger(context));
