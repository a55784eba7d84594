import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import { insertReturningId, nowSeconds, toNumber } from '../../db/dialect';
import type { Tables } from '../../db/tables/index';
import type { CreditReason } from '../../ledger/index';
import { perContext } from '../../platform/per-context';
import { creditTopUp } from '../topup/credit';
import { UserRepository } from '../user/repository';
import { claimOwnerOf, INHERITED_CLAIMS, witnessed } from './credit-owner';

/** A credit owed for what a request consumed; `witness` is the `request_id` of its log row, unique per user. */
export interface OwedCredit {
  userId: number;
  amount: number;
  reason: CreditReason;
  /** the log row's text */
  content: string;
  witness: string;
}

/** What a consuming write yields: the credit it earned, or null when it consumed nothing. */
export type Consume = (transaction: Transaction<Tables>) => Promise<OwedCredit | null>;

/**
 * Credits what a request consumed (a redemption code, a day's check-in, invite earnings) exactly once,
 * also across a SIGKILL, the way paid orders are credited (console/topup/order-credits.ts):
 *
 * 1. Claim: one transaction makes the consuming write (a conditional UPDATE or INSERT: of parallel
 *    requests one wins) and a `pending_credits` row naming this instance as the owner of the credit.
 * 2. Credit: the quota and its log row, whose `request_id` is the row's witness, are journaled
 *    together by the ledger.
 * 3. Finish: once the journal holds them durably, the pending row is deleted.
 *
 * A process killed between 1 and 3 leaves the row. The instance's next start (the single process, or
 * the cluster primary before it forks) replays its journals first, so the witness of everything the
 * killed run journaled is in the database, and then finishes its rows: credited when no witness
 * exists, deleted without a credit when one does.
 */
export class PendingCredits {
  private readonly owner: string;
  private readonly recoverable: boolean;

  constructor(private readonly context: AppContext) {
    ({ owner: this.owner, recoverable: this.recoverable } = claimOwnerOf(context));
  }

  /** Runs `consume` and, when it consumed something, credits `user` what it earned; null when it did not. */
  async consumeThenCredit(user: { id: number; username: string }, consume: Consume): Promise<OwedCredit | null> {
    const claimed = await this.claim(consume);
    if (!claimed) return null;
    await this.credit(claimed.credit, user.username);
    await this.finish(claimed.id);
    return claimed.credit;
  }

  /**
   * At start, after the journal replay and before this instance takes a request (a cluster primary:
   * before it forks): finishes the credits an earlier run left. Returns how many.
   */
  async recover(): Promise<number> {
    if (!this.recoverable) return 0;
    const rows = await this.context.database.db
      .selectFrom('pending_credits')
      .select(['id', 'user_id', 'amount', 'reason', 'content', 'witness'])
      .where('credit_owner', '=', this.owner)
      .orderBy('id')
      .limit(INHERITED_CLAIMS)
      .execute();
    const users = new UserRepository(this.context.database);
    for (const row of rows) {
      const credit: OwedCredit = {
        userId: toNumber(row.user_id),
        amount: toNumber(row.amount),
        reason: row.reason as CreditReason,
        content: row.content,
        witness: row.witness,
      };
      if (!(await witnessed(this.context.database, credit.userId, credit.witness)))
        await this.credit(credit, (await users.findById(credit.userId))?.username ?? '');
      await this.finish(toNumber(row.id));
    }
    return rows.length;
  }

  private claim(consume: Consume): Promise<{ id: number; credit: OwedCredit } | null> {
    const { database } = this.context;
    return database.db.transaction().execute(async (transaction) => {
      const credit = await consume(transaction);
      if (!credit) return null;
      const id = await insertReturningId(transaction, database.kind, 'pending_credits', {
        user_id: credit.userId,
        amount: credit.amount,
        reason: credit.reason,
        content: credit.content,
        witness: credit.witness,
        credit_owner: this.owner,
        created_at: nowSeconds(),
      });
      return { id, credit };
    });
  }

  /** The credit and its log row (with the witness), journaled together; resolves once durable. */
  private credit(credit: OwedCredit, username: string): Promise<void> {
    const user = { id: credit.userId, username };
    return creditTopUp(this.context, user, credit.amount, credit.content, credit.reason, credit.witness);
  }

  private async finish(id: number): Promise<void> {
    await this.context.database.db
      .deleteFrom('pending_credits')
      .where('id', '=', id)
      .where('credit_owner', '=', this.owner)
      .execute();
  }
}

/** This process's credits of what requests consumed. */
export const pendingCredits = perContext((context) => new PendingCredits(context));
