import { formatQuota } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { insertReturningId, nowSeconds, sql, toNumber } from '../../db/dialect';
import { ledgerOf } from '../../ledger/index';
import { LogType } from '../../ledger/log-writer';
import { messages } from '../../platform/i18n/catalogue';
import { perContext } from '../../platform/per-context';
import { fill } from '../../platform/text';
import { claimOwnerOf } from '../topup/order-credits';

/** Transfers one instance can have left unfinished: as many as it was crediting when killed. */
const INHERITED_CLAIMS = 10_000;

/** A transfer whose earnings are taken and whose credit this instance owes. */
interface Claim {
  id: number;
  userId: number;
  amount: number;
}

/**
 * Moves invite earnings (`users.aff_quota`) into the balance exactly once, also across a SIGKILL, the
 * way paid orders are credited (console/topup/order-credits.ts):
 *
 * 1. Claim: one transaction takes the earnings with a conditional UPDATE (parallel transfers never
 *    overdraw) and writes an `aff_transfers` row naming this instance as the owner of the credit.
 * 2. Credit: the balance and its system log row, whose `request_id` names the claim (the witness),
 *    are journaled together by the ledger.
 * 3. Finish: once the journal holds them durably, the claim row is deleted.
 *
 * A process killed between 1 and 3 leaves the row. The instance's next start (the single process, or
 * the cluster primary before it forks) replays its journals first, so the witness of everything the
 * killed run journaled is in the database, and then finishes its claims: credited when no witness
 * exists, deleted without a credit when one does.
 */
export class AffTransfers {
  private readonly owner: string;
  private readonly recoverable: boolean;

  constructor(private readonly context: AppContext) {
    ({ owner: this.owner, recoverable: this.recoverable } = claimOwnerOf(context));
  }

  /** Takes `amount` of the user's invite earnings and credits it; false (nothing taken) when they are short. */
  async transfer(user: { id: number; username: string }, amount: number): Promise<boolean> {
    const claim = await this.claim(user.id, amount);
    if (!claim) return false;
    await this.credit(claim, user.username);
    await this.finish(claim);
    await this.context.bus.userChanged(user.id);
    return true;
  }

  /**
   * At start, after the journal replay and before this instance takes a request (a cluster primary:
   * before it forks): finishes the transfers an earlier run left. Returns how many.
   */
  async recover(): Promise<number> {
    if (!this.recoverable) return 0;
    const rows = await this.context.database.db
      .selectFrom('aff_transfers')
      .select(['id', 'user_id', 'amount'])
      .where('credit_owner', '=', this.owner)
      .orderBy('id')
      .limit(INHERITED_CLAIMS)
      .execute();
    for (const row of rows) {
      const claim = { id: toNumber(row.id), userId: toNumber(row.user_id), amount: toNumber(row.amount) };
      if (!(await this.witnessed(claim))) await this.credit(claim, await this.usernameOf(claim.userId));
      await this.finish(claim);
    }
    return rows.length;
  }

  private claim(userId: number, amount: number): Promise<Claim | null> {
    const { database } = this.context;
    return database.db.transaction().execute(async (transaction) => {
      const taken = await transaction
        .updateTable('users')
        .set({ aff_quota: sql`aff_quota - ${amount}` })
        .where('id', '=', userId)
        .where('aff_quota', '>=', amount)
        .executeTakeFirst();
      if (taken.numUpdatedRows !== 1n) return null;
      const id = await insertReturningId(transaction, database.kind, 'aff_transfers', {
        user_id: userId,
        amount,
        credit_owner: this.owner,
        created_at: nowSeconds(),
      });
      return { id, userId, amount };
    });
  }

  /** The credit and its log row (with the witness), journaled together; resolves once durable. */
  private async credit(claim: Claim, username: string): Promise<void> {
    const ledger = ledgerOf(this.context);
    await ledger.credit({
      userId: claim.userId,
      username,
      amount: claim.amount,
      reason: 'reward',
      content: this.logContentOf(claim.amount),
      createdAt: nowSeconds(),
      requestId: witnessOf(claim),
    });
    await ledger.durable();
  }

  private async finish(claim: Claim): Promise<void> {
    await this.context.database.db
      .deleteFrom('aff_transfers')
      .where('id', '=', claim.id)
      .where('credit_owner', '=', this.owner)
      .execute();
  }

  /** Whether the claim's credit log row is in the database: then its credit is too (both replayed at start). */
  private async witnessed(claim: Claim): Promise<boolean> {
    const row = await this.context.database.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', claim.userId)
      .where('type', '=', LogType.System)
      .where('request_id', '=', witnessOf(claim))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The log row's text (zh, as the reference product writes it), the amount as the console shows quota. */
  private logContentOf(amount: number): string {
    const { options } = this.context;
    const shown = formatQuota(amount, {
      inCurrency: options.boolean('DisplayInCurrencyEnabled'),
      quotaPerUnit: options.number('QuotaPerUnit'),
    });
    return fill(messages.self.transferLog, { amount: shown }).zh;
  }

  private async usernameOf(userId: number): Promise<string> {
    const row = await this.context.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.username ?? '';
  }
}

/** The `request_id` of a transfer's credit log row. */
const witnessOf = (claim: Claim) => `aff-transfer:${claim.id}`;

/** This process's transfers of invite earnings. */
export const affTransfers = perContext((context) => new AffTransfers(context));

/** Finishes the transfers a killed run of this instance left (a start's step; never in a cluster worker). */
export async function finishClaimedTransfers(
  context: AppContext,
  log: { warn(data: object, message: string): void; error(data: object, message: string): void },
): Promise<void> {
  try {
    const finished = await affTransfers(context).recover();
    if (finished > 0) log.warn({ transfers: finished }, 'invite earnings taken before an unclean stop are credited');
  } catch (error) {
    log.error(
      { err: error },
      'invite earnings taken before an unclean stop could not be credited yet; the next start retries them',
    );
  }
}
