import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/database';
import { anyMatch } from '../../db/table-queries';
import { journalDirectory, journalSync } from '../../ledger/local-billing';

/** Claims one instance can have left unfinished: as many credits as it was making when killed. */
export const INHERITED_CLAIMS = 10_000;

/**
 * The instance that owes a claimed credit (a paid order's in console/topup/order-credits.ts, a pending
 * one's in ./pending-credits.ts): the id of its settlement journal (kept in the journal folder across
 * restarts). A cluster worker names its primary's journal: the primary replays every journal of its
 * instance (its own and its workers') at start, before it forks a worker, so it alone can finish the
 * claims of a killed run; a worker's own folder is gone once recovered. Without a journal the owner
 * is a name of this run only, and a claim a crash interrupts stays unfinished.
 */
export function claimOwnerOf(context: AppContext): { owner: string; recoverable: boolean } {
  if (journalSync(context.config) !== null) {
    if (cluster.isWorker)
      return {
        owner: readFileSync(join(journalDirectory(context.config), 'instance-id'), 'utf8').trim(),
        recoverable: true,
      };
    if (context.instanceId !== null) return { owner: context.instanceId, recoverable: true };
  }
  return { owner: `run-${randomBytes(8).toString('hex')}`, recoverable: false };
}

/**
 * Whether the user's credit log row with `witness` as its `request_id` is in the database: then the
 * credit is too (the ledger journals both together, and a start replays the journals first).
 */
export async function witnessed(database: Database, userId: number, witness: string): Promise<boolean> {
  return anyMatch(database.db.selectFrom('logs').where('user_id', '=', userId).where('request_id', '=', witness));
}
