import type { Worker } from 'node:cluster';
import type { Hold } from '../ledger/balances/balance-book';
import { Batcher } from './batcher';
import { LeaseTable } from '../ledger/balances/lease-table';
import { OperationOrder } from './operation-order';
import type { LeaseHolder } from './primary-leases';
import type { PrimaryMessage, Push, Reply } from './protocol';

const holdKey = (userId: number, tokenId: number | null) => `${userId}:${tokenId ?? ''}`;

/** A worker as the primary knows it: its channel, what it holds, and its operations under way. */
export class ConnectedWorker implements LeaseHolder {
  readonly workerId: number;
  /** true once it listens; before, its process may not yet read messages */
  listening = false;
  /** replies and pushes, sent in one message per turn */
  readonly outbox: Batcher<Reply | Push>;
  /** amounts this worker holds, per user and token: released if the worker dies */
  readonly holds = new Map<string, Hold>();
  /** operations started and not yet finished, in arrival order */
  readonly order = new OperationOrder();
  /** the last record of the worker's own journal whose bill it told (`charged`) */
  toldThrough = 0;
  readonly leases = new LeaseTable();

  constructor(readonly process: Worker) {
    this.workerId = process.id;
    this.outbox = new Batcher<Reply | Push>((items) => {
      if (!process.isConnected()) return;
      const message: PrimaryMessage = { switchboard: 'answers', replies: [], pushes: [] };
      for (const item of items) {
        if (typeof item[0] === 'number') message.replies.push(item as Reply);
        else message.pushes.push(item as Push);
      }
      // A worker that died meanwhile is detached on its exit; the error is not the primary's.
      process.send(message, undefined, () => undefined);
    });
    process.once('listening', () => {
      this.listening = true;
    });
  }

  held(hold: Hold, amount: number): void {
    if (amount === 0) return;
    const key = holdKey(hold.userId, hold.tokenId);
    const current = this.holds.get(key) ?? { userId: hold.userId, tokenId: hold.tokenId, amount: 0 };
    current.amount += amount;
    if (current.amount === 0) this.holds.delete(key);
    else this.holds.set(key, current);
  }
}
