import type { Registry } from 'prom-client';
import type { PrimaryLink } from './primary-link';

/**
 * One scrape, the whole gateway: with workers, `/metrics` on whichever worker took the connection
 * asks the primary, which collects every worker's metrics and its own and adds them up
 * (operations/metrics.ts). This is the worker's side, over its link to the primary.
 */

let primary: PrimaryLink | null = null;
let contributing = false;

/** In a worker, before its app is built: its metrics go to the primary over `link`. */
export function reportMetricsTo(link: PrimaryLink): void {
  primary = link;
}

/** Whether this process is a cluster worker whose scrapes go to the primary. */
export const scrapesThroughPrimary = () => primary !== null;

/** In a worker: answers the primary's collections with `registry`, and tells it that it does. */
export function contributeToClusterMetrics(registry: Registry): void {
  const link = primary;
  if (!link || contributing) return;
  contributing = true;
  link.on('collect', (id) => {
    void registry.getMetricsAsJSON().then((metrics) => link.send('metricsPart', id, metrics));
  });
  link.send('metricsReady');
}

/** In a worker: the whole gateway's metrics, in the Prometheus text format, from the primary. */
export function scrapeThroughPrimary(): Promise<string> {
  if (!primary) return Promise.reject(new Error('this worker does not take part in the cluster metrics'));
  return primary.request('metricsScrape');
}
