import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { processRegistry } from '../platform/metrics';

/**
 * One scrape, the whole gateway: with workers, `/metrics` on whichever worker took the connection
 * asks the primary, which collects every worker's metrics and its own and adds them up (prom-client's
 * aggregation: counters and histograms summed, gauges by the aggregator each declares).
 */

/** A worker that has not answered a collection within this is left out of that scrape. */
const COLLECT_TIMEOUT_MS = 2000;
/** A worker's scrape fails when the primary has not answered within this. */
const SCRAPE_TIMEOUT_MS = 5000;

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** The messages of this exchange, beside the cluster protocol's own (protocol.ts), which ignores them. */
type MetricsMessage =
  | { switchboard: 'metrics-ready' }
  | { switchboard: 'metrics-scrape'; id: number }
  | { switchboard: 'metrics-scraped'; id: number; text: string | null }
  | { switchboard: 'metrics-collect'; id: number }
  | { switchboard: 'metrics-part'; id: number; metrics: MetricsJson };

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === 'object' && message !== null && String((message as { switchboard?: unknown }).switchboard).startsWith('metrics-');

/** Whether this process is a cluster worker whose scrapes go to the primary. */
export const scrapesThroughPrimary = () => cluster.isWorker && typeof process.send === 'function';

let scrapes: Map<number, (text: string | null) => void> | null = null;
let nextScrape = 1;

/** In a worker: answers the primary's collections with `registry`, and tells it that it does. */
export function contributeToClusterMetrics(registry: Registry): void {
  if (!scrapesThroughPrimary() || scrapes) return;
  const waiting = new Map<number, (text: string | null) => void>();
  scrapes = waiting;
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.switchboard === 'metrics-scraped') waiting.get(message.id)?.(message.text);
    if (message.switchboard !== 'metrics-collect') return;
    void registry.getMetricsAsJSON().then((metrics) => process.send?.({ switchboard: 'metrics-part', id: message.id, metrics } satisfies MetricsMessage));
  });
  process.send?.({ switchboard: 'metrics-ready' } satisfies MetricsMessage);
}

/** In a worker: the whole gateway's metrics, in the Prometheus text format, from the primary. */
export function scrapeThroughPrimary(): Promise<string> {
  const waiting = scrapes;
  if (!waiting) return Promise.reject(new Error('this worker does not take part in the cluster metrics'));
  const id = nextScrape;
  nextScrape += 1;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => answered(null), SCRAPE_TIMEOUT_MS);
    const answered = (text: string | null) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (text === null) reject(new Error('the cluster primary did not gather the metrics'));
      else resolve(text);
    };
    waiting.set(id, answered);
    process.send?.({ switchboard: 'metrics-scrape', id } satisfies MetricsMessage);
  });
}

interface Collection {
  parts: MetricsJson[];
  waitingFor: Set<number>;
  done: () => void;
}

/** In the primary: answers the workers' scrapes with every process's metrics added up. */
export class ClusterMetricsGatherer {
  private readonly ready = new Set<number>();
  private readonly collections = new Map<number, Collection>();
  private nextCollection = 1;
  private readonly own = processRegistry();

  constructor() {
    cluster.on('message', (worker, message: unknown) => {
      if (!isMetricsMessage(message)) return;
      if (message.switchboard === 'metrics-ready') this.ready.add(worker.id);
      if (message.switchboard === 'metrics-part') this.received(message.id, worker.id, message.metrics);
      if (message.switchboard === 'metrics-scrape') this.answer(worker, message.id);
    });
    cluster.on('exit', (worker) => {
      this.ready.delete(worker.id);
      for (const id of this.collections.keys()) this.received(id, worker.id, null);
    });
  }

  /** The Prometheus text of the primary's own metrics and every ready worker's, added up. */
  async gather(): Promise<string> {
    const id = this.nextCollection;
    this.nextCollection += 1;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && this.ready.has(worker.id) && worker.isConnected());
    const collection: Collection = { parts: [], waitingFor: new Set(workers.map((worker) => worker.id)), done: () => undefined };
    const collected = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, COLLECT_TIMEOUT_MS);
      collection.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.collections.set(id, collection);
    for (const worker of workers) worker.send({ switchboard: 'metrics-collect', id } satisfies MetricsMessage);
    if (workers.length === 0) collection.done();
    const own = await this.own.getMetricsAsJSON();
    await collected;
    this.collections.delete(id);
    return AggregatorRegistry.aggregate([own, ...collection.parts]).metrics();
  }

  private answer(worker: Worker, id: number): void {
    this.gather().then(
      (text) => worker.isConnected() && worker.send({ switchboard: 'metrics-scraped', id, text } satisfies MetricsMessage),
      () => worker.isConnected() && worker.send({ switchboard: 'metrics-scraped', id, text: null } satisfies MetricsMessage),
    );
  }

  private received(id: number, workerId: number, metrics: MetricsJson | null): void {
    const collection = this.collections.get(id);
    if (!collection?.waitingFor.delete(workerId)) return;
    if (metrics) collection.parts.push(metrics);
    if (collection.waitingFor.size === 0) collection.done();
  }
}
