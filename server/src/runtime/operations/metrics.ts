import { AggregatorRegistry, type Registry } from 'prom-client';
import type { ConnectedWorker } from '../connected-worker';
import type { MetricsJson, MetricsOperations } from '../protocol';
import type { Handlers } from './handler';

/** A worker that has not answered a collection within this is left out of that scrape. */
const COLLECT_TIMEOUT_MS = 2000;

interface Collection {
  parts: MetricsJson[];
  waitingFor: Set<number>;
  done: () => void;
}

/**
 * In the primary: answers a worker's scrape with every process's metrics added up (prom-client's
 * aggregation: counters and histograms summed, gauges by the aggregator each declares).
 */
export class MetricsGatherer {
  private readonly contributors = new Map<number, ConnectedWorker>();
  private readonly collections = new Map<number, Collection>();
  private nextCollection = 1;

  /** `own`: the primary's process metrics (null when METRICS_ENABLED is off: no worker scrapes). */
  constructor(private readonly own: Registry | null) {}

  joined(worker: ConnectedWorker): void {
    this.contributors.set(worker.workerId, worker);
  }

  /** A worker is gone: no collection waits for it. */
  departed(workerId: number): void {
    this.contributors.delete(workerId);
    for (const id of this.collections.keys()) this.received(id, workerId, null);
  }

  received(id: number, workerId: number, metrics: MetricsJson | null): void {
    const collection = this.collections.get(id);
    if (!collection?.waitingFor.delete(workerId)) return;
    if (metrics) collection.parts.push(metrics);
    if (collection.waitingFor.size === 0) collection.done();
  }

  /** The Prometheus text of the primary's own metrics and every contributing worker's, added up. */
  async gather(): Promise<string> {
    const id = this.nextCollection;
    this.nextCollection += 1;
    const workers = [...this.contributors.values()].filter((worker) => worker.process.isConnected());
    const collection: Collection = {
      parts: [],
      waitingFor: new Set(workers.map((worker) => worker.workerId)),
      done: () => undefined,
    };
    const collected = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, COLLECT_TIMEOUT_MS);
      collection.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.collections.set(id, collection);
    for (const worker of workers) worker.outbox.add(['collect', id]);
    if (workers.length === 0) collection.done();
    const own = (await this.own?.getMetricsAsJSON()) ?? [];
    await collected;
    this.collections.delete(id);
    return AggregatorRegistry.aggregate([own, ...collection.parts]).metrics();
  }
}

export const metricsOperations = (gatherer: MetricsGatherer): Handlers<keyof MetricsOperations> => ({
  metricsReady: (worker) => gatherer.joined(worker),
  metricsPart: (worker, id, metrics) => gatherer.received(id, worker.workerId, metrics),
  metricsScrape: () => gatherer.gather(),
});
