import type { Worker } from 'node:cluster';
import type { Hold } from '../balances/balance-book';
import type { JournalRecord } from '../durable-journal';
import { MemoryAffinityStore, type AffinitySpace } from '../affinity-store';
import type { LocalBilling } from '../local-billing';
import { logRowOf } from '../log-insert';
import type { LogWriterReporter, RollEntry } from '../log-writer';
import type { PrimaryBus } from './primary-bus';
import { LeaseTable, type LeaseOwner } from './lease-table';
import { OperationOrder } from './operation-order';
import { PrimaryLeases, type LeaseHolder } from './primary-leases';
import { Batcher, isWorkerMessage, type Operation, type PrimaryMessage, type Push, type Reply } from './protocol';

const spaceOf = (value: unknown): AffinitySpace => (value === 'usage' ? 'usage' : 'channel');

/** A worker that stops answering bus acknowledgements is not waited for longer than this. */
const ACK_TIMEOUT_MS = 5000;

interface WorkerState extends LeaseHolder {
  process: Worker;
  /** true once it listens; before, its process may not yet read messages */
  listening: boolean;
  outbox: Batcher<Reply | Push>;
  /** amounts this worker holds, per user and token: released if the worker dies */
  holds: Map<string, Hold>;
  /** operations started and not yet finished, in arrival order */
  order: OperationOrder;
  /** the last record of the worker's own journal whose bill it told (`charged`) */
  toldThrough: number;
}

export interface AuthorityOptions {
  /** whether workers may be given leases (not with Redis, whose balances other instances change too) */
  leasing: boolean;
  /** Recovers the journal of a worker that keeps one (it writes its bills itself); null when workers do not. */
  recoverJournal: ((pid: number) => Promise<{ records: JournalRecord[] }>) | null;
}

interface AckWait {
  waitingFor: Set<number>;
  resolve: () => void;
}

/** Operations that wait for the ones before them; they change nothing, so nothing waits for them. */
const BARRIERS = new Set(['durable', 'settled', 'flushBalances', 'flushLogs']);

const holdKey = (userId: number, tokenId: number | null) => `${userId}:${tokenId ?? ''}`;
const numbers = (args: unknown[]) => args.map(Number);
const tokenOf = (value: unknown) => (value === null ? null : Number(value));

/**
 * The primary's side of the IPC channel: applies the workers' operations to the one balance
 * authority, journal, log writer and limit counters (LocalBilling), in each worker's order, answers
 * them in one message per worker and turn, and passes cache invalidations between workers.
 */
export class ClusterAuthority {
  private readonly workers = new Map<number, WorkerState>();
  private readonly ackWaits = new Map<number, AckWait>();
  private nextAckId = 1;
  private readonly leases: PrimaryLeases;
  /** the channel-affinity entries every worker shares (without Redis) */
  private readonly affinity = new MemoryAffinityStore();

  constructor(
    private readonly billing: LocalBilling,
    private readonly bus: PrimaryBus,
    private readonly log: LogWriterReporter,
    private readonly options: AuthorityOptions,
  ) {
    this.leases = new PrimaryLeases(billing.balances, options.leasing, () => this.workers.values(), (workerIds, owner, id) =>
      this.acknowledged(workerIds, (workerId, ackId) => this.workers.get(workerId)?.outbox.add(['revoke', owner, id, ackId])),
    );
    bus.relay = (topic, message) => this.forward(topic, message, null);
    billing.onTick = () => {
      this.broadcast(['lag', billing.writeBehind.lagMs(), billing.logs.pendingRows, billing.logs.pendingBuckets]);
    };
  }

  attach(worker: Worker): void {
    const outbox = new Batcher<Reply | Push>((items) => {
      if (!worker.isConnected()) return;
      const message: PrimaryMessage = { switchboard: 'answers', replies: [], pushes: [] };
      for (const item of items) {
        if (typeof item[0] === 'number') message.replies.push(item as Reply);
        else message.pushes.push(item as Push);
      }
      // A worker that died meanwhile is detached on its exit; the error is not the primary's.
      worker.send(message, undefined, () => undefined);
    });
    const state: WorkerState = {
      workerId: worker.id,
      process: worker,
      listening: false,
      outbox,
      holds: new Map(),
      order: new OperationOrder(),
      toldThrough: 0,
      leases: new LeaseTable(),
      held: (hold, amount) => this.hold(state, hold, amount),
    };
    this.workers.set(worker.id, state);
    worker.once('listening', () => {
      state.listening = true;
    });
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      for (const operation of message.ops) this.run(state, worker.id, operation);
    });
  }

  /**
   * A worker is gone: once its last operations are applied, takes the bills it journaled and did not
   * tell from its journal, gives back what it held (its calls never finished) and stops waiting for
   * its acknowledgements. Returns what was released and how many journaled bills it had not told.
   */
  async detach(workerId: number): Promise<{ released: number; untold: number }> {
    const state = this.workers.get(workerId);
    if (!state) return { released: 0, untold: 0 };
    this.leases.departed(state);
    this.workers.delete(workerId);
    for (const [ackId, wait] of this.ackWaits) if (wait.waitingFor.delete(workerId)) this.settleAck(ackId);
    await state.order.settled();
    const untold = await this.recoverBills(state);
    let released = 0;
    for (const hold of state.holds.values()) {
      // Its lease leaves the shown balance in the step that gives the hold back to the free balance.
      state.leases.end(hold.userId, hold.tokenId);
      await this.billing.balances.release(hold);
      released += hold.amount;
    }
    this.leases.released(state);
    return { released, untold };
  }

  /**
   * The bills a dead worker journaled and wrote (or not) but did not tell: the database receives what
   * it lacks from the journal, and the balances here what they were not told.
   */
  private async recoverBills(state: WorkerState): Promise<number> {
    if (!this.options.recoverJournal) return 0;
    const { records } = await this.options.recoverJournal(state.process.process.pid ?? 0);
    const untold = records.filter((record) => record.seq > state.toldThrough && (record.type === 'u' || record.type === 't'));
    // A charge journals the user's change and, right after it, the token's (the same amount).
    for (const [index, record] of untold.entries()) {
      if (record.type !== 'u') continue;
      const [userId = 0, delta = 0] = record.payload.split(',').map(Number);
      const next = untold[index + 1];
      const tokenId = next?.type === 't' && next.seq === record.seq + 1 ? Number(next.payload.split(',')[0]) : null;
      await this.billing.balances.release({ userId, tokenId, amount: delta });
    }
    return untold.filter((record) => record.type === 'u').length;
  }

  /**
   * Tells every worker to stop serving. One still starting may not read messages yet (a message
   * without a listener is lost), and has no calls to finish: it gets SIGTERM instead.
   */
  stopAll(): void {
    for (const state of this.workers.values()) {
      if (state.listening) state.outbox.add(['stop']);
      else state.process.process.kill('SIGTERM');
    }
  }

  private broadcast(push: Push): void {
    for (const state of this.workers.values()) state.outbox.add(push);
  }

  private run(state: WorkerState, workerId: number, [id, name, ...args]: Operation): void {
    let outcome: unknown;
    try {
      outcome = this.apply(state, workerId, name, args);
    } catch (error) {
      this.fail(state, id, name, error);
      return;
    }
    if (!(outcome instanceof Promise)) {
      if (id !== 0) state.outbox.add([id, 1, outcome ?? null]);
      return;
    }
    if (!BARRIERS.has(name)) state.order.track(outcome);
    outcome.then(
      (value: unknown) => {
        if (id !== 0) state.outbox.add([id, 1, value ?? null]);
      },
      (error: unknown) => this.fail(state, id, name, error),
    );
  }

  private fail(state: WorkerState, id: number, name: string, error: unknown): void {
    if (id !== 0) state.outbox.add([id, 0, error instanceof Error ? error.message : String(error)]);
    else this.log.error({ err: error, operation: name }, 'a worker operation failed in the cluster primary');
  }

  /** Applies one operation: a value at once, or a promise of it. */
  private apply(state: WorkerState, workerId: number, name: string, args: unknown[]): unknown {
    const { balances, logs, counters, journal } = this.billing;
    switch (name) {
      case 'userQuota':
        return this.shown('user', Number(args[0]), balances.userQuota(Number(args[0])));
      case 'tokenRemain':
        return this.shown('token', Number(args[0]), balances.tokenRemain(Number(args[0])));
      case 'adjustUser':
        return this.adjusted('user', Number(args[0]), Number(args[1]));
      case 'adjustToken':
        return this.adjusted('token', Number(args[0]), Number(args[1]));
      case 'setUserQuota':
        return this.leases.lowered('user', Number(args[0]), () => balances.setUserQuota(Number(args[0]), Number(args[1])));
      case 'setTokenRemain':
        return this.leases.lowered('token', Number(args[0]), () => balances.setTokenRemain(Number(args[0]), Number(args[1])));
      case 'admit':
        return this.leases.admit(state, { userId: Number(args[0]), tokenId: tokenOf(args[1]), amount: Number(args[2]) }, Number(args[3]));
      case 'revoked':
        return this.leases.givenBack(state, numbers(args.slice(1))).then(() => this.acknowledge(Number(args[0]), workerId));
      case 'reserve': {
        const hold = { userId: Number(args[0]), tokenId: tokenOf(args[1]), amount: Number(args[2]) };
        return balances.reserve(hold).then((reserved) => {
          if (reserved) this.hold(state, hold, hold.amount);
          return reserved;
        });
      }
      case 'release': {
        const hold = { userId: Number(args[0]), tokenId: tokenOf(args[1]), amount: Number(args[2]) };
        this.hold(state, hold, -hold.amount);
        return balances.release(hold);
      }
      case 'charge':
        return balances.charge(this.billEnds(state, args));
      case 'charged': {
        // The worker journaled and writes the bill itself: only what it held here changes.
        const bill = this.billEnds(state, args);
        state.toldThrough = Math.max(state.toldThrough, Number(args[5]));
        return balances.release({ userId: bill.userId, tokenId: bill.tokenId, amount: bill.reserved - bill.quota });
      }
      case 'recordUsage': {
        const [userId = 0, tokenId = 0, channelId = 0, quota = 0, requests = 0] = numbers(args);
        balances.recordUsage({ userId, tokenId, channelId, quota, requests });
        return undefined;
      }
      case 'log':
        logs.write(logRowOf(args[0] as unknown[]));
        return undefined;
      case 'roll':
        logs.roll(args[0] as RollEntry);
        return undefined;
      case 'durable':
        return state.order.settled().then(() => journal?.durable());
      case 'settled':
        return state.order.settled();
      case 'flushBalances':
        return state.order.settled().then(() => balances.flush());
      case 'flushLogs':
        return state.order.settled().then(() => logs.flush());
      case 'counterAdd':
        return counters.add(String(args[0]), Number(args[1]), Number(args[2]));
      case 'counterRead':
        return counters.read(String(args[0]));
      case 'counterAcquire':
        return counters.acquire(String(args[0]), String(args[1]), Number(args[2]), Number(args[3]));
      case 'counterRelease':
        return counters.release(String(args[0]), String(args[1]));
      case 'affinityGet':
        return this.affinity.get(spaceOf(args[0]), String(args[1]));
      case 'affinitySet':
        return this.affinity.set(spaceOf(args[0]), String(args[1]), String(args[2]), Number(args[3]), Number(args[4]));
      case 'affinityDelete':
        return this.affinity.delete(spaceOf(args[0]), String(args[1]));
      case 'affinityCount':
        return this.affinity.count(spaceOf(args[0]), String(args[1]), Array.isArray(args[2]) ? args[2].map(String) : []);
      case 'affinityClear':
        return this.affinity.clear(spaceOf(args[0]), String(args[1]));
      case 'notify':
      case 'publish':
        return Promise.all([this.bus.deliverHere(String(args[0]), String(args[1])), this.forward(String(args[0]), String(args[1]), workerId)]);
      case 'busAck':
        this.acknowledge(Number(args[0]), workerId);
        return undefined;
      default:
        return Promise.reject(new Error(`unknown cluster operation ${name}`));
    }
  }

  /**
   * A call's bill ([userId, tokenId, reserved, quota, covered]) ends what the worker held for it: its
   * reservation and `covered`, what its lease paid. Returns the bill with both as `reserved`.
   */
  private billEnds(state: WorkerState, args: unknown[]): { userId: number; tokenId: number | null; reserved: number; quota: number } {
    const [userId = 0, , reserved = 0, quota = 0, covered = 0] = numbers(args);
    const tokenId = tokenOf(args[1]);
    state.leases.take(userId, tokenId, covered);
    this.hold(state, { userId, tokenId, amount: 0 }, -(reserved + covered));
    return { userId, tokenId, reserved: reserved + covered, quota };
  }

  /** A balance as a worker shows it: what the authority holds free plus what the workers' leases hold of it. */
  private async shown(owner: LeaseOwner, id: number, free: Promise<number>): Promise<number> {
    return (await free) + this.leases.leased(owner, id);
  }

  /** A change that lowers a balance first takes its leases back. */
  private adjusted(owner: LeaseOwner, id: number, delta: number): Promise<number> {
    const { balances } = this.billing;
    const change = () => (owner === 'user' ? balances.adjustUser(id, delta) : balances.adjustToken(id, delta));
    return this.shown(owner, id, delta < 0 ? this.leases.lowered(owner, id, change) : change());
  }

  private hold(state: WorkerState, hold: Hold, amount: number): void {
    if (amount === 0) return;
    const key = holdKey(hold.userId, hold.tokenId);
    const current = state.holds.get(key) ?? { userId: hold.userId, tokenId: hold.tokenId, amount: 0 };
    current.amount += amount;
    if (current.amount === 0) state.holds.delete(key);
    else state.holds.set(key, current);
  }

  /** Passes a change to every worker but `except`; resolves once they applied it. */
  private forward(topic: string, message: string, except: number | null): Promise<void> {
    const targets = [...this.workers.keys()].filter((id) => id !== except);
    // A worker still starting loads its caches after this, or reads this message; it is not waited for.
    const waitFor = targets.filter((id) => this.workers.get(id)?.listening);
    if (waitFor.length === 0) {
      for (const id of targets) this.workers.get(id)?.outbox.add(['bus', topic, message, 0]);
      return Promise.resolve();
    }
    for (const id of targets) if (!waitFor.includes(id)) this.workers.get(id)?.outbox.add(['bus', topic, message, 0]);
    return this.acknowledged(waitFor, (id, ackId) => this.workers.get(id)?.outbox.add(['bus', topic, message, ackId]));
  }

  /** Sends each of `workerIds` a push that carries `ackId`; resolves once each acknowledged it (or after ACK_TIMEOUT_MS). */
  private acknowledged(workerIds: number[], send: (workerId: number, ackId: number) => void): Promise<void> {
    const ackId = this.nextAckId;
    this.nextAckId += 1;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.settleAck(ackId, true), ACK_TIMEOUT_MS);
      this.ackWaits.set(ackId, {
        waitingFor: new Set(workerIds),
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      for (const id of workerIds) send(id, ackId);
    });
  }

  private acknowledge(ackId: number, workerId: number): void {
    if (this.ackWaits.get(ackId)?.waitingFor.delete(workerId)) this.settleAck(ackId);
  }

  private settleAck(ackId: number, timedOut = false): void {
    const wait = this.ackWaits.get(ackId);
    if (!wait || (wait.waitingFor.size > 0 && !timedOut)) return;
    this.ackWaits.delete(ackId);
    wait.resolve();
  }
}
