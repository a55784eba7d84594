import type { Config } from '../config';
import { startServer, type RunningServer, type StartOptions } from '../server';
import { reportMetricsTo } from './cluster-metrics';
import { PrimaryLink } from './primary-link';

/**
 * A cluster worker: serves HTTP with its own caches; the balances and limit counters are the
 * primary's, over IPC, and its calls' bills and log rows its own or the primary's (remoteBilling).
 * It stops when told (finishing its calls) and exits at once when the primary is gone (the next start
 * replays the journals).
 */
export async function startWorker(config: Config, options: StartOptions, onStop: () => void): Promise<RunningServer> {
  const link = new PrimaryLink(process);
  process.on('disconnect', () => process.exit(1));
  // Told before it listens (the primary stops while this replacement starts): it has no calls to finish.
  link.on('stop', onStop);
  reportMetricsTo(link);
  return startServer(config, { ...options, role: { kind: 'worker', link } });
}
