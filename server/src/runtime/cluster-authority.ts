import { MemoryAffinityStore } from '../platform/affinity-store';
import type { Worker } from 'node:cluster';
import type { Registry } from 'prom-client';
import { balanceChange, type JournalRecord } from '../ledger/journal-record';
import type { LocalBilling } from '../ledger/local-billing';
import type { LogWriterReporter } from '../ledger/log-writer';
import { Acknowledgements } from './acknowledgements';
import { ConnectedWorker } from './connected-worker';
import { balanceOperations } from './operations/balances';
import { affinityOperations } from './operations/affinity';
import { counterOperations } from './operations/counters';
import type { Handlers } from './operations/handler';
import { invalidationOperations } from './operations/invalidation';
import { logOperations } from './operations/logs';
import { MetricsGatherer, metricsOperations } from './operations/metrics';
import type { PrimaryBus } from './primary-bus';
import { PrimaryLeases } from './primary-leases';
import {
  UNORDERED,
  isWorkerMessage,
  type ArgumentsOf,
  type Operation,
  type OperationName,
  type Push,
} from './protocol';

export interface AuthorityOptions {
  /** whether workers may be given leases (not with Redis, whose balances other instances change too) */
  leasing: boolean;
  /** Recovers the journal of a worker that keeps one (it writes its bills itself); null when workers do not. */
  recoverJournal: ((pid: number) => Promise<{ records: JournalRecord[] }>) | null;
  /** the primary's own process metrics, added to the workers' at a scrape; null when METRICS_ENABLED is off */
  metrics: Registry | null;
}

/** Runs `name`'s handler: the table types its arguments and result alike on both ends. */
const dispatch = <N extends OperationName>(
  handlers: Handlers,
  worker: ConnectedWorker,
  name: N,
  args: ArgumentsOf<N>,
) => handlers[name](worker, ...args);

/**
 * The primary's side of the IPC channel: applies the workers' operations to the one balance
 * authority, journal, log writer and limit counters (LocalBilling), in each worker's order, answers
 * them in one message per worker and turn, passes cache invalidations between workers and gathers
 * the metrics of every process. What each
 * operation does is in operations/, one file per concern.
 */
export class ClusterAuthority {
  private readonly workers = new Map<number, ConnectedWorker>();
  private readonly acks = new Acknowledgements();
  private readonly leases: PrimaryLeases;
  private readonly handlers: Handlers;
  private readonly metrics: MetricsGatherer;

  constructor(
    private readonly billing: LocalBilling,
    bus: PrimaryBus,
    private readonly log: LogWriterReporter,
    private readonly options: AuthorityOptions,
  ) {
    this.leases = new PrimaryLeases(
      billing.balances,
      options.leasing,
      () => this.workers.values(),
      (workerIds, owner, id) =>
        this.acks.awaited(workerIds, (workerId, ackId) =>
          this.workers.get(workerId)?.outbox.add(['revoke', owner, id, ackId]),
        ),
    );
    this.metrics = new MetricsGatherer(options.metrics);
    this.handlers = {
      ...balanceOperations(billing.balances, this.leases, this.acks),
      ...logOperations(billing.logs, billing.journal),
      ...counterOperations(billing.counters),
      ...affinityOperations(new MemoryAffinityStore()),
      ...invalidationOperations(bus, (topic, message, except) => this.forward(topic, message, except), this.acks),
      ...metricsOperations(this.metrics),
    };
    bus.relay = (topic, message) => this.forward(topic, message, null);
    billing.onTick = () => {
      this.broadcast(['lag', billing.writeBehind.lagMs(), billing.logs.pendingRows, billing.logs.pendingBuckets]);
    };
  }

  attach(process: Worker): void {
    const worker = new ConnectedWorker(process);
    this.workers.set(worker.workerId, worker);
    process.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      for (const operation of message.ops) this.run(worker, operation);
    });
  }

  /**
   * A worker is gone: once its last operations are applied, takes the bills it journaled and did not
   * tell from its journal, gives back what it held (its calls never finished) and stops waiting for
   * its acknowledgements. Returns what was released and how many journaled bills it had not told.
   */
  async detach(workerId: number): Promise<{ released: number; untold: number }> {
    const worker = this.workers.get(workerId);
    if (!worker) return { released: 0, untold: 0 };
    this.leases.departed(worker);
    this.workers.delete(workerId);
    this.acks.forget(workerId);
    this.metrics.departed(workerId);
    await worker.order.settled();
    const untold = await this.recoverBills(worker);
    let released = 0;
    for (const hold of worker.holds.values()) {
      // Its lease leaves the shown balance in the step that gives the hold back to the free balance.
      worker.leases.end(hold.userId, hold.tokenId);
      await this.billing.balances.release(hold);
      released += hold.amount;
    }
    this.leases.released(worker);
    return { released, untold };
  }

  /**
   * The bills a dead worker journaled and wrote (or not) but did not tell: the database receives what
   * it lacks from the journal, and the balances here what they were not told.
   */
  private async recoverBills(worker: ConnectedWorker): Promise<number> {
    if (!this.options.recoverJournal) return 0;
    const { records } = await this.options.recoverJournal(worker.process.process.pid ?? 0);
    let untold = 0;
    for (const record of records) {
      if (
        record.seq <= worker.toldThrough ||
        (record.kind !== 'charge' && record.kind !== 'refund' && record.kind !== 'user')
      )
        continue;
      const change = balanceChange(record);
      if (!change || change.userId === null) continue;
      // The worker wrote the bill; here only the free balance changes by what it cost.
      await this.billing.balances.release({ userId: change.userId, tokenId: change.tokenId, amount: change.delta });
      untold += 1;
    }
    return untold;
  }

  /**
   * Tells every worker to stop serving. One still starting may not read messages yet (a message
   * without a listener is lost), and has no calls to finish: it gets SIGTERM instead.
   */
  stopAll(): void {
    for (const worker of this.workers.values()) {
      if (worker.listening) worker.outbox.add(['stop']);
      else worker.process.process.kill('SIGTERM');
    }
  }

  private broadcast(push: Push): void {
    for (const worker of this.workers.values()) worker.outbox.add(push);
  }

  private run(worker: ConnectedWorker, [id, name, ...args]: Operation): void {
    let outcome: unknown;
    try {
      outcome = dispatch(this.handlers, worker, name, args);
    } catch (error) {
      this.fail(worker, id, name, error);
      return;
    }
    if (!(outcome instanceof Promise)) {
      if (id !== 0) worker.outbox.add([id, 1, outcome ?? null]);
      return;
    }
    if (!UNORDERED.has(name)) worker.order.track(outcome);
    outcome.then(
      (value: unknown) => {
        if (id !== 0) worker.outbox.add([id, 1, value ?? null]);
      },
      (error: unknown) => this.fail(worker, id, name, error),
    );
  }

  private fail(worker: ConnectedWorker, id: number, name: OperationName, error: unknown): void {
    if (id !== 0) worker.outbox.add([id, 0, error instanceof Error ? error.message : String(error)]);
    else this.log.error({ err: error, operation: name }, 'a worker operation failed in the cluster primary');
  }

  /** Passes a change to every worker but `except`; resolves once they applied it. */
  private forward(topic: string, message: string, except: number | null): Promise<void> {
    const targets = [...this.workers.values()].filter((worker) => worker.workerId !== except);
    // A worker still starting loads its caches after this, or reads this message; it is not waited for.
    for (const worker of targets) if (!worker.listening) worker.outbox.add(['bus', topic, message, 0]);
    const waitFor = targets.filter((worker) => worker.listening).map((worker) => worker.workerId);
    if (waitFor.length === 0) return Promise.resolve();
    return this.acks.awaited(waitFor, (workerId, ackId) =>
      this.workers.get(workerId)?.outbox.add(['bus', topic, message, ackId]),
    );
  }
}
