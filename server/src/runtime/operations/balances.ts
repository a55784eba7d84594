import type { BalanceBook } from '../../ledger/balances/balance-book';
import type { Acknowledgements } from '../acknowledgements';
import type { ConnectedWorker } from '../connected-worker';
import type { LeaseOwner } from '../../ledger/balances/lease-table';
import type { PrimaryLeases } from '../primary-leases';
import type { BalanceOperations } from '../protocol';
import type { Handlers } from './handler';

/**
 * A call's bill ends what the worker held for it: its reservation and `covered`, what its lease
 * paid. Returns both together, as what the bill had reserved.
 */
function billEnds(
  worker: ConnectedWorker,
  userId: number,
  tokenId: number | null,
  reserved: number,
  covered: number,
): number {
  worker.leases.take(userId, tokenId, covered);
  worker.held({ userId, tokenId, amount: 0 }, -(reserved + covered));
  return reserved + covered;
}

/**
 * The workers' balance operations on the one balance authority: what each worker holds (reservations
 * and leases) is recorded, so that a worker that dies gives it back; a change that lowers a balance
 * first takes the leases of it back; a balance is shown with what the workers' leases hold of it.
 */
export function balanceOperations(
  balances: BalanceBook,
  leases: PrimaryLeases,
  acks: Acknowledgements,
): Handlers<keyof BalanceOperations> {
  const shown = async (owner: LeaseOwner, id: number, free: Promise<number>) => (await free) + leases.leased(owner, id);
  const adjusted = (owner: LeaseOwner, id: number, delta: number) => {
    const change = () => (owner === 'user' ? balances.adjustUser(id, delta) : balances.adjustToken(id, delta));
    return shown(owner, id, delta < 0 ? leases.lowered(owner, id, change) : change());
  };
  return {
    userQuota: (_worker, userId) => shown('user', userId, balances.userQuota(userId)),
    tokenRemain: (_worker, tokenId) => shown('token', tokenId, balances.tokenRemain(tokenId)),
    adjustUser: (_worker, userId, delta) => adjusted('user', userId, delta),
    adjustToken: (_worker, tokenId, delta) => adjusted('token', tokenId, delta),
    setUserQuota: (_worker, userId, value) =>
      leases.lowered('user', userId, () => balances.setUserQuota(userId, value)),
    setTokenRemain: (_worker, tokenId, value) =>
      leases.lowered('token', tokenId, () => balances.setTokenRemain(tokenId, value)),
    admit: (worker, userId, tokenId, amount, givenBack) => leases.admit(worker, { userId, tokenId, amount }, givenBack),
    revoked: (worker, ackId, ...leaseIds) =>
      leases.givenBack(worker, leaseIds).then(() => acks.acknowledge(ackId, worker.workerId)),
    reserve: async (worker, userId, tokenId, amount) => {
      const hold = { userId, tokenId, amount };
      const reserved = await balances.reserve(hold);
      if (reserved) worker.held(hold, amount);
      return reserved;
    },
    release: (worker, userId, tokenId, amount) => {
      const hold = { userId, tokenId, amount };
      worker.held(hold, -amount);
      return balances.release(hold);
    },
    charge: (worker, userId, tokenId, reserved, quota, covered) =>
      balances.charge({ userId, tokenId, reserved: billEnds(worker, userId, tokenId, reserved, covered), quota }),
    charged: (worker, userId, tokenId, reserved, quota, covered, seq) => {
      // The worker journaled and writes the bill itself: only what it held here changes.
      const ended = billEnds(worker, userId, tokenId, reserved, covered);
      worker.toldThrough = Math.max(worker.toldThrough, seq);
      return balances.release({ userId, tokenId, amount: ended - quota });
    },
    refund: (_worker, userId, tokenId, quota) => balances.refund({ userId, tokenId, quota }),
    recordUsage: (_worker, userId, tokenId, channelId, quota, requests) =>
      balances.recordUsage({ userId, tokenId, channelId, quota, requests }),
    flushBalances: (worker) => worker.order.settled().then(() => balances.flush()),
  };
}
