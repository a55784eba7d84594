import type { Worker } from 'node:cluster';
import { once } from 'node:events';
import { pino } from 'pino';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { finishInheritedCredits } from '../console/credits/inherited-credits';
import { registerBackgroundJobs } from '../jobs/index';
import { LocalBilling } from '../ledger/local-billing';
import { processRegistry } from '../platform/metrics';
import { reportNotificationsTo } from '../platform/notify/notifier';
import { resolveSessionSecret } from '../platform/session-secret';
import { finishClaimedRefunds } from '../relay/tasks/task-platforms';
import { ClusterAuthority } from './cluster-authority';
import { PrimaryBus } from './primary-bus';
import { closeProcessContext, ensureSuperAdmin, openProcessContext, startBilling } from './process-context';
import { workerJournalsOf } from './worker-bills';
import { recoverWorkerJournal } from './worker-journals';
import { WorkerPool } from './worker-pool';

/** The host of the URL main prints: loopback for a wildcard address, as for one process. */
const urlHost = (address: string) =>
  address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;

export interface RunningPrimary {
  context: AppContext;
  url: string;
  /** Workers finish their calls and exit, then the primary writes everything pending. */
  close(): Promise<void>;
}

/**
 * The cluster primary (WORKERS above 1) serves no HTTP: it migrates, replays the journals (its own
 * and those its killed workers left), owns the ledger (balance authority, journal, write-behind of
 * what workers do not write themselves) and runs the background jobs; it forks the workers that serve
 * HTTP on one port and replaces one that dies, taking its untold bills from its journal and giving
 * back what it held.
 */
export async function startPrimary(
  config: Config,
  version: string,
  stopRequested: () => boolean = () => false,
): Promise<RunningPrimary> {
  const log = pino({ level: config.LOG_LEVEL });
  const bus = new PrimaryBus();
  let local: LocalBilling | null = null;
  const { context, billing, abandon } = await openProcessContext(config, {
    version,
    bus,
    migrates: true,
    billing: async (database, redis) => {
      local = await LocalBilling.open(config, database, redis);
      return local;
    },
  });
  let authority: ClusterAuthority;
  try {
    await ensureSuperAdmin(context);
    const ledger = local as LocalBilling | null;
    if (!ledger) throw new Error('the primary opened no billing of its own');
    const journals = workerJournalsOf(config);
    authority = new ClusterAuthority(ledger, bus, log, {
      leasing: !config.REDIS_CONN_STRING,
      recoverJournal:
        journals && ((pid) => recoverWorkerJournal(context.database, journals.directory(pid), journals.sync)),
      // The workers' scrapes of /metrics come here, for every process's metrics at once.
      metrics: config.METRICS_ENABLED ? processRegistry() : null,
    });
    reportNotificationsTo(context, log);
    registerBackgroundJobs(context, log);
    startBilling(billing, log);
    await finishClaimedRefunds(context, log);
    await finishInheritedCredits(context, log);
    if (config.NODE_TYPE === 'master') context.jobs.start();
  } catch (error) {
    await abandon();
    throw error;
  }
  const attached = authority;
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
          if (!stopping && !stopRequested())
            log.warn(
              { pid: worker.process.pid, released, untoldBills: untold },
              'stopped worker detached: its holds given back, the bills it had not told applied',
            );
        },
        (error: unknown) =>
          log.error(
            { err: error, pid: worker.process.pid },
            'a stopped worker could not be detached: its holds or bills are not applied',
          ),
      )
      .finally(() => detaching.delete(detached));
    detaching.add(detached);
  };
  const pool = new WorkerPool(
    config.WORKERS,
    { SESSION_SECRET: resolveSessionSecret(config) },
    {
      forked: watch,
      exited: (worker, code, signal) => {
        // A stop asked for during the start (Ctrl-C reaches the workers too) ends workers that do not listen yet.
        if (!stopping && !stopRequested())
          log.error({ pid: worker.process.pid, code, signal }, 'a worker stopped unexpectedly; another one starts');
      },
    },
  );
  let address: { address: string; port: number };
  try {
    address = await pool.start();
  } catch (error) {
    pool.terminate();
    await pool.exited();
    await Promise.all(detaching);
    await closeProcessContext(context);
    throw error;
  }
  return {
    context,
    url: `http://${urlHost(address.address)}:${address.port}`,
    async close() {
      stopping = true;
      pool.stop();
      attached.stopAll();
      await pool.exited();
      await Promise.all(detaching);
      await closeProcessContext(context);
    },
  };
}
