import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createAffinityStore, MemoryAffinityStore } from './platform/affinity-store';
import { RemoteAffinityStore } from './platform/cluster/remote-affinity';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { ensureRootUser } from './console/user/bootstrap';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DurableJournal } from './platform/durable-journal';
import { JobRunner } from './jobs/job-runner';
import { BackgroundWork } from './platform/background-work';
import type { PrimaryBus } from './platform/cluster/primary-bus';
import type { PrimaryLink } from './platform/cluster/primary-link';
import { RemoteBus } from './platform/cluster/remote-bus';
import { remoteBilling } from './platform/cluster/remote-billing';
import { LocalBus, RedisBus, type InvalidationBus } from './platform/invalidation-bus';
import { LocalBilling, type Billing } from './platform/local-billing';
import { OptionStore } from './platform/option-store';
import { SessionCodec } from './platform/session';
import { resolveSessionSecret } from './platform/session-secret';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  /** Base URL, e.g. http://127.0.0.1:3000 (empty for a cluster primary, which does not listen) */
  url: string;
  /** Stops accepting, finishes in-flight work, flushes, closes storage. */
  close(): Promise<void>;
}

/**
 * Which part of a deployment this process is: alone (the default, and every in-process test), the
 * cluster primary (billing authority, journal, jobs; no HTTP), or a cluster worker (HTTP only).
 */
export type ServerRole = { kind: 'single' } | { kind: 'primary'; bus: PrimaryBus; started: (billing: LocalBilling, log: FastifyBaseLogger, database: Database) => void } | { kind: 'worker'; link: PrimaryLink };

export interface StartOptions {
  version: string;
  webDist: string | null;
  role?: ServerRole;
}

/** config → database → journal replay → caches → app → listen. */
export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const role = options.role ?? { kind: 'single' };
  const database = openDatabase({ kind: config.databaseKind, sqlitePath: config.SQLITE_PATH, dsn: config.SQL_DSN });
  let redis: Redis | null = null;
  let bus: InvalidationBus = role.kind === 'primary' ? role.bus : role.kind === 'worker' ? new RemoteBus(role.link) : new LocalBus();
  let billing: Billing | null = null;
  try {
    // Workers start after their primary migrated the database.
    const migrates = role.kind !== 'worker' && (config.NODE_TYPE === 'master' || config.databaseKind === 'sqlite');
    if (migrates) await migrateToLatest(database);
    if (config.REDIS_CONN_STRING) {
      redis = new Redis(config.REDIS_CONN_STRING, { maxRetriesPerRequest: 3 });
      await redis.ping();
      const redisBus = new RedisBus(redis, redis.duplicate(), config.REDIS_PREFIX);
      await redisBus.start();
      bus = redisBus;
    }
    const optionStore = new OptionStore(database.db, database.kind, bus);
    await optionStore.load();
    let local: LocalBilling | null = null;
    if (role.kind === 'worker') billing = await remoteBilling(config, database, role.link);
    else {
      local = await LocalBilling.open(config, database, redis);
      billing = local;
    }
    const context: AppContext = {
      config,
      database,
      options: optionStore,
      bus,
      redis,
      sessions: new SessionCodec(resolveSessionSecret(config)),
      balances: billing.balances,
      journal: billing.journal,
      writeBehind: billing.writeBehind,
      logs: billing.logs,
      counters: billing.counters,
      affinity: redis ? createAffinityStore(redis, config.REDIS_PREFIX) : role.kind === 'worker' ? new RemoteAffinityStore(role.link) : new MemoryAffinityStore(),
      jobs: new JobRunner(database, billing.journal instanceof DurableJournal ? billing.journal.instanceId : null),
      background: new BackgroundWork(),
      version: options.version,
      startTime: Math.floor(Date.now() / 1000),
      shutdownTasks: [],
    };
    if (role.kind !== 'worker' && (await ensureRootUser(context))) {
      // eslint-disable-next-line no-console
      console.info('created the super admin root / 123456: sign in and change the password');
    }
    const app = await buildApp(context, options.webDist);
    context.jobs.reportTo(app.log);
    billing.start(app.log);
    if (billing.replayed > 0) app.log.warn({ records: billing.replayed }, 'settlement journal replayed: billing of calls answered before an unclean stop is written');
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
    if (role.kind === 'primary' && local) role.started(local, app.log, database);
    let url = '';
    if (role.kind === 'primary') await app.ready();
    else {
      const address = await app.listen({ port: config.PORT, host: config.HOST });
      url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    }
    if (config.NODE_TYPE === 'master' && role.kind !== 'worker') context.jobs.start();
    return { app, context, url, close: () => app.close() };
  } catch (error) {
    billing?.abandon();
    await bus.close();
    redis?.disconnect();
    await database.close();
    throw error;
  }
}
