import type { AppContext } from '../../app-context';
import { orderCredits } from '../topup/order-credits';
import { pendingCredits } from './pending-credits';

interface Reporter {
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** One kind of credit a killed run can have left claimed and unfinished. */
async function finish(log: Reporter, what: string, recover: () => Promise<number>): Promise<void> {
  try {
    const finished = await recover();
    if (finished > 0) log.warn({ credits: finished }, `${what} before an unclean stop are credited`);
  } catch (error) {
    log.error({ err: error }, `${what} before an unclean stop could not be credited yet; the next start retries them`);
  }
}

/**
 * Finishes the credits a killed run of this instance claimed (paid orders; redeemed codes, check-ins
 * and transfers of invite earnings): a start's step after the journal replay and before the process
 * takes a request. Never in a cluster worker: its primary does it before it forks (runtime/primary.ts).
 */
export async function finishInheritedCredits(context: AppContext, log: Reporter): Promise<void> {
  await finish(log, 'paid orders claimed', () => orderCredits(context).recover());
  await finish(log, 'credits owed for what requests consumed', () => pendingCredits(context).recover());
}
