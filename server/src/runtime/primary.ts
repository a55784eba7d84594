import type { Worker } from 'node:cluster';
import { once } from 'node:events';
import type { Config } from '../config';
import { startServer, type RunningServer, type StartOptions } from '../server';
import { resolveSessionSecret } from '../platform/session-secret';
import { journalDirectory, journalSync } from '../platform/local-billing';
import { ClusterAuthority } from './cluster-authority';
import { ClusterMetricsGatherer } from './cluster-metrics';
import { PrimaryBus } from './primary-bus';
import { WorkerPool } from './worker-pool';
import { recoverWorkerJournal, workerJournalDirectory } from './worker-journals';

/** The host of the URL main prints: loopback for a wildcard address, as for one process. */
const urlHost = (address: string) => (address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address);

export interface RunningPrimary {
  server: RunningServer;
  url: string;
  /** Workers finish their calls and exit, then the primary writes everything pending. */
  close(): Promise<void>;
}

/**
 * The cluster primary (WORKERS above 1): migrates, replays the journals (its own and those its killed
 * workers left) and owns the balance authority and background jobs, and the journal and write-behind
 * of what workers do not write themselves; forks the workers that serve HTTP on one port and replaces
 * one that dies, taking its untold bills from its journal and giving back what it held.
 */
export async function startPrimary(config: Config, options: StartOptions, stopRequested: () => boolean = () => false): Promise<RunningPrimary> {
  const bus = new PrimaryBus();
  let authority: ClusterAuthority | null = null;
  const server = await startServer(config, {
    ...options,
    role: {
      kind: 'primary',
      bus,
      started: (billing, log, database) => {
        const sync = journalSync(config);
        // Workers keep journals of their own with the balances in this process's memory (see remoteBilling).
        const recoverJournal =
          sync === null || config.REDIS_CONN_STRING ? null : (pid: number) => recoverWorkerJournal(database, workerJournalDirectory(journalDirectory(config), pid), sync);
        authority = new ClusterAuthority(billing, bus, log, { leasing: !config.REDIS_CONN_STRING, recoverJournal });
      },
    },
  });
  const log = server.app.log;
  const attached = authority as ClusterAuthority | null;
  if (!attached) throw new Error('the cluster authority was not set up');
  let stopping = false;
  /** workers being detached: the primary's own close waits for them (they write to the database) */
  const detaching = new Set<Promise<void>>();
  const watch = (worker: Worker) => {
    attached.attach(worker);
    // Its last messages are read before the channel reports the disconnect.
    const detached = Promise.all([once(worker, 'exit'), once(worker, 'disconnect')])
      .then(() => attached.detach(worker.id))
      .then(
        ({ released, untold }) => {
          if (!stopping && !stopRequested()) log.warn({ pid: worker.process.pid, released, untoldBills: untold }, 'stopped worker detached: its holds given back, the bills it had not told applied');
        },
        (error: unknown) => log.error({ err: error, pid: worker.process.pid }, 'a stopped worker could not be detached: its holds or bills are not applied'),
      )
      .finally(() => detaching.delete(detached));
    detaching.add(detached);
  };
  // The workers' scrapes of /metrics come here, for every process's metrics at once.
  if (config.METRICS_ENABLED) new ClusterMetricsGatherer();
  const pool = new WorkerPool(config.WORKERS, { SESSION_SECRET: resolveSessionSecret(config) }, {
    forked: watch,
    exited: (worker, code, signal) => {
      // A stop asked for during the start (Ctrl-C reaches the workers too) ends workers that do not listen yet.
      if (!stopping && !stopRequested()) log.error({ pid: worker.process.pid, code, signal }, 'a worker stopped unexpectedly; another one starts');
    },
  });
  let address: { address: string; port: number };
  try {
    address = await pool.start();
  } catch (error) {
    pool.terminate();
    await pool.exited();
    await Promise.all(detaching);
    await server.close();
    throw error;
  }
  return {
    server,
    url: `http://${urlHost(address.address)}:${address.port}`,
    async close() {
      stopping = true;
      pool.stop();
      attached.stopAll();
      await pool.exited();
      await Promise.all(detaching);
      await server.close();
    },
  };
}
