import { Redis } from 'ioredis';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { ensureRootUser } from '../console/user/bootstrap';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { JobRunner } from '../jobs/job-runner';
import { createAffinityStore, MemoryAffinityStore, type AffinityStore } from '../platform/affinity-store';
import { BackgroundWork } from '../platform/background-work';
import { RedisBus, type InvalidationBus } from '../platform/invalidation-bus';
import type { Billing } from '../ledger/local-billing';
import type { LogWriterReporter } from '../ledger/log-writer';
import { OptionStore } from '../platform/option-store';
import { SessionCodec } from '../platform/session';
import { resolveSessionSecret } from '../platform/session-secret';

export interface ProcessContextOptions {
  version: string;
  /** the invalidation bus without Redis (with Redis, the Redis bus replaces it) */
  bus: InvalidationBus;
  /** false in a cluster worker: it starts after its primary migrated the database */
  migrates: boolean;
  /** the process's billing: its own (alone, cluster primary) or a client of the primary's (worker) */
  billing(database: Database, redis: Redis | null): Promise<Billing>;
  /** the channel-affinity store without Redis (with Redis, Redis holds it); memory unless given */
  affinity?: () => AffinityStore;
}

export interface ProcessContext {
  context: AppContext;
  billing: Billing;
  /** Releases what the start opened (a later step of the start failed). */
  abandon(): Promise<void>;
}

/**
 * What every process of a deployment runs on, HTTP or not: database (migrated), Redis, the
 * invalidation bus, the options, billing, the job runner. Its shutdown task (jobs, background work,
 * billing, connections, database, in that order) is the last of `context.shutdownTasks`.
 */
export async function openProcessContext(config: Config, options: ProcessContextOptions): Promise<ProcessContext> {
  const database = openDatabase({ kind: config.databaseKind, sqlitePath: config.SQLITE_PATH, dsn: config.SQL_DSN });
  let redis: Redis | null = null;
  let bus = options.bus;
  let billing: Billing | null = null;
  const abandon = async () => {
    billing?.abandon();
    await bus.close();
    redis?.disconnect();
    await database.close();
  };
  try {
    if (options.migrates && (config.NODE_TYPE === 'master' || config.databaseKind === 'sqlite'))
      await migrateToLatest(database);
    if (config.REDIS_CONN_STRING) {
      redis = new Redis(config.REDIS_CONN_STRING, { maxRetriesPerRequest: 3 });
      await redis.ping();
      const redisBus = new RedisBus(redis, redis.duplicate(), config.REDIS_PREFIX);
      await redisBus.start();
      bus = redisBus;
    }
    const optionStore = new OptionStore(database.db, database.kind, bus);
    await optionStore.load();
    billing = await options.billing(database, redis);
    const context: AppContext = {
      config,
      database,
      options: optionStore,
      bus,
      redis,
      sessions: new SessionCodec(resolveSessionSecret(config)),
      balances: billing.balances,
      journal: billing.journal,
      instanceId: billing.instanceId,
      writeBehind: billing.writeBehind,
      logs: billing.logs,
      counters: billing.counters,
      affinity: redis
        ? createAffinityStore(redis, config.REDIS_PREFIX)
        : (options.affinity?.() ?? new MemoryAffinityStore()),
      jobs: new JobRunner(database, billing.instanceId),
      background: new BackgroundWork(),
      version: options.version,
      startTime: Math.floor(Date.now() / 1000),
      shutdownTasks: [],
    };
    const started = billing;
    const connections = { bus, redis };
    context.shutdownTasks.push(async () => {
      await context.jobs.stop();
      await context.background.drain();
      await started.close();
      await connections.bus.close();
      await connections.redis?.quit().catch(() => undefined);
      await database.close();
    });
    return { context, billing, abandon };
  } catch (error) {
    await abandon();
    throw error;
  }
}

/** Runs the context's shutdown tasks in order (after the process stopped taking calls). */
export async function closeProcessContext(context: AppContext): Promise<void> {
  for (const task of context.shutdownTasks) await task();
}

/** The first start of a deployment's owner of the ledger creates the super admin. */
export async function ensureSuperAdmin(context: AppContext): Promise<void> {
  if (await ensureRootUser(context)) {
    // eslint-disable-next-line no-console
    console.info('created the super admin root / 123456: sign in and change the password');
  }
}

/** Starts the billing's periodic work, and reports what the journal replay of an unclean stop wrote. */
export function startBilling(billing: Billing, log: LogWriterReporter): void {
  billing.start(log);
  if (billing.replayed > 0)
    log.warn(
      { records: billing.replayed },
      'settlement journal replayed: billing of calls answered before an unclean stop is written',
    );
}
