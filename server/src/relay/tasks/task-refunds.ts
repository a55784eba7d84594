import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { ledgerOf } from '../../ledger/index';
import { LogType } from '../../ledger/log-writer';
import { perContext } from '../../platform/per-context';
import { refundTaskPrice } from './task-billing';
import type { StoredTask, TaskPlatform } from './task-platform';

/**
 * How far this process took a claimed refund: `claimed`, nothing credited yet; `credited`, the credit
 * and its witness are in the journal (never credit again); `inherited`, claimed by an earlier run of
 * this instance that was killed: its witness in the database tells which of the two it is.
 */
type Stage = 'claimed' | 'credited' | 'inherited';

interface Claim {
  platform: TaskPlatform;
  task: StoredTask;
  reason: string;
  stage: Stage;
}

/** Claims one instance can have left unfinished: the poller refunds one task at a time, so a handful. */
const INHERITED_PER_PLATFORM = 10_000;

const claimKey = (claim: Pick<Claim, 'platform' | 'task'>) => `${claim.platform.name}:${claim.task.rowId}`;

/**
 * Refunds failed tasks exactly once, also across a SIGKILL, several pollers and several instances.
 *
 * 1. Claim: a conditional UPDATE moves `refunded` from 0 to 2 (claimed) and records this instance
 *    (its settlement journal's id) as `refund_owner`; one caller wins, every other caller stops here.
 * 2. Credit: the user's (and the limited token's) credit and the refund's system log row, whose
 *    `request_id` names the task (the witness), are journaled together (`journalRefund`).
 * 3. Finish: once the journal holds them durably, `refunded` goes from 2 to 1; a task a subscription
 *    paid gets its price back on that subscription in the same transaction (the token's part was step 2).
 *
 * A claim is only ever moved on by its owner. A process killed between 1 and 3 leaves the row at 2; the
 * instance's next start replays its journal first (so everything the killed run journaled, the witness
 * included, is in the database) and then finishes its claims: credited when no witness exists, finished
 * without a credit when one does. A slow instance keeps its claims, and no other instance touches
 * them, so nothing is credited twice; a claim is never lost while the instance comes back with its
 * JOURNAL_DIR, as its journaled balance changes would be. Without a journal (BILLING_JOURNAL=off) the
 * owner is a name of this run only, and a crash can leave a claim at 2, uncredited.
 */
export class TaskRefunds {
  readonly owner: string;
  private readonly recoverable: boolean;
  /** claims this process has to finish (an error interrupted them, or a killed run left them) */
  private readonly unfinished = new Map<string, Claim>();

  constructor(private readonly context: AppContext) {
    this.owner = context.instanceId ?? `run-${randomBytes(8).toString('hex')}`;
    this.recoverable = context.instanceId !== null;
  }

  /** Refunds a failed task unless another poller or instance claimed it first; true when this call claimed it. */
  async refund(platform: TaskPlatform, task: StoredTask, reason: string): Promise<boolean> {
    if (!(await platform.store.refunds.claim(task.rowId, this.owner))) return false;
    await this.finish({ platform, task, reason, stage: 'claimed' });
    return true;
  }

  /**
   * At start, after the journal replay and before this process claims anything: takes over the claims
   * an earlier run of this instance left, and finishes them. Returns how many were finished.
   */
  async recover(platforms: TaskPlatform[]): Promise<number> {
    if (!this.recoverable) return 0;
    for (const platform of platforms) {
      for (const task of await platform.store.claimedRefunds(this.owner, INHERITED_PER_PLATFORM)) {
        this.unfinished.set(claimKey({ platform, task }), { platform, task, reason: '', stage: 'inherited' });
      }
    }
    return this.finishLeftovers();
  }

  /** Finishes the claims left to this process (the poller calls it before each run); throws the first error. */
  async finishLeftovers(): Promise<number> {
    let finished = 0;
    // Taken out before the first await: a concurrent caller's iteration no longer meets it.
    for (const [key, claim] of this.unfinished) {
      this.unfinished.delete(key);
      await this.finish(claim);
      finished += 1;
    }
    return finished;
  }

  /** Takes a claim to the end; on an error it stays with this process, at the stage it reached. */
  private async finish(claim: Claim): Promise<void> {
    const { store } = claim.platform;
    try {
      if (claim.stage === 'inherited') claim.stage = (await this.witnessed(claim)) ? 'credited' : 'claimed';
      if (claim.stage === 'claimed') {
        if (claim.task.quota > 0) {
          const { applied } = await refundTaskPrice(
            this.context,
            claim.platform,
            claim.task,
            claim.reason,
            store.refunds.witness(claim.task.rowId),
          );
          claim.stage = 'credited';
          await applied;
        } else claim.stage = 'credited';
      }
      await ledgerOf(this.context).durable();
      await store.refunds.finish(claim.task.rowId, this.owner, {
        id: claim.task.subscriptionId,
        quota: claim.task.quota,
      });
    } catch (error) {
      this.unfinished.set(claimKey(claim), claim);
      throw error;
    }
  }

  /** Whether the refund's log row is in the database: then its credit is too, or is in this instance's journal. */
  private async witnessed(claim: Claim): Promise<boolean> {
    const row = await this.context.database.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', claim.task.userId)
      .where('type', '=', LogType.System)
      .where('request_id', '=', claim.platform.store.refunds.witness(claim.task.rowId))
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** This process's refunds of failed tasks. */
export const taskRefunds = perContext((context) => new TaskRefunds(context));

/** Refunds a failed task exactly once (see TaskRefunds); true when this call claimed it. */
export function refundFailedTask(
  context: AppContext,
  platform: TaskPlatform,
  task: StoredTask,
  reason: string,
): Promise<boolean> {
  return taskRefunds(context).refund(platform, task, reason);
}
