import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { ensureRootUser } from './console/user/bootstrap';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { JobRunner } from './jobs/job-runner';
import { BackgroundWork } from './platform/background-work';
import { DeltaWriter } from './platform/balances/delta-writer';
import { MemoryBalanceBook } from './platform/balances/memory-balance-book';
import { RedisBalanceBook } from './platform/balances/redis-balance-book';
import { DurableJournal } from './platform/durable-journal';
import { LocalBus, RedisBus, type InvalidationBus } from './platform/invalidation-bus';
import { replayJournal } from './platform/journal-replay';
import { LogWriter } from './platform/log-writer';
import { OptionStore } from './platform/option-store';
import { SessionCodec } from './platform/session';
import { WriteBehind } from './platform/write-behind';
import { resolveSessionSecret } from './platform/session-secret';

/** How long billing deltas may wait before they reach the database. */
const FLUSH_INTERVAL_MS = 1000;

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  /** Stops accepting, finishes in-flight work, flushes, closes storage. */
  close(): Promise<void>;
}

export interface StartOptions {
  version: string;
  webDist: string | null;
}

/** The settlement journal's folder: JOURNAL_DIR, else `journal/` beside the SQLite file. */
const journalDirectory = (config: Config) => config.JOURNAL_DIR ?? join(dirname(config.SQLITE_PATH), 'journal');

/** config → database → journal replay → caches → app → listen. */
export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const database = openDatabase({ kind: config.databaseKind, sqlitePath: config.SQLITE_PATH, dsn: config.SQL_DSN });
  let redis: Redis | null = null;
  let bus: InvalidationBus = new LocalBus();
  let journal: DurableJournal | null = null;
  try {
    if (config.NODE_TYPE === 'master' || config.databaseKind === 'sqlite') await migrateToLatest(database);
    if (config.REDIS_CONN_STRING) {
      redis = new Redis(config.REDIS_CONN_STRING, { maxRetriesPerRequest: 3 });
      await redis.ping();
      const redisBus = new RedisBus(redis, redis.duplicate(), config.REDIS_PREFIX);
      await redisBus.start();
      bus = redisBus;
    }
    const optionStore = new OptionStore(database.db, database.kind, bus);
    await optionStore.load();
    journal = config.BILLING_JOURNAL === 'off' ? null : DurableJournal.open(journalDirectory(config), config.BILLING_JOURNAL);
    const link = journal && { journal, instanceId: journal.instanceId };
    const deltaWriter = new DeltaWriter(database.db, link);
    const logs = new LogWriter(database, { journal: link });
    const balances = redis
      ? new RedisBalanceBook(redis, config.REDIS_PREFIX, database.db, deltaWriter, {
          id: journal?.instanceId ?? randomBytes(8).toString('hex'),
          durable: () => journal?.durable() ?? Promise.resolve(),
        })
      : new MemoryBalanceBook(database.db, deltaWriter);
    const authority = balances instanceof RedisBalanceBook ? balances : undefined;
    const replayed = journal ? await replayJournal(database.db, journal, deltaWriter, logs, authority) : 0;
    if (!journal) await authority?.recover([]);
    const writeBehind = new WriteBehind(config.WRITE_BEHIND_MAX_LAG_SECONDS * 1000);
    writeBehind.watch(deltaWriter);
    writeBehind.watch(logs);
    const context: AppContext = {
      config,
      database,
      options: optionStore,
      bus,
      redis,
      sessions: new SessionCodec(resolveSessionSecret(config)),
      balances,
      journal,
      writeBehind,
      logs,
      jobs: new JobRunner(database),
      background: new BackgroundWork(),
      version: options.version,
      startTime: Math.floor(Date.now() / 1000),
      shutdownTasks: [],
    };
    if (await ensureRootUser(context)) {
      // eslint-disable-next-line no-console
      console.info('created the super admin root / 123456: sign in and change the password');
    }
    const app = await buildApp(context, options.webDist);
    context.logs.reportTo(app.log);
    context.jobs.reportTo(app.log);
    journal?.reportTo(app.log);
    if (replayed > 0) app.log.warn({ records: replayed }, 'settlement journal replayed: billing of calls answered before an unclean stop is written');
    const oldestUnwritten = () => Math.min(deltaWriter.oldestPendingSeq, logs.oldestPendingSeq);
    const flushTimer = setInterval(() => {
      writeBehind.sample();
      const balancesFlushed = balances.flush().catch((error: unknown) => app.log.error({ err: error }, 'balance flush failed; will retry'));
      const logsFlushed = context.logs.flush().catch((error: unknown) => app.log.error({ err: error }, 'log flush failed; will retry'));
      void Promise.all([balancesFlushed, logsFlushed]).then(() => journal?.rotate(oldestUnwritten()));
    }, FLUSH_INTERVAL_MS);
    flushTimer.unref();
    context.shutdownTasks.push(async () => {
      clearInterval(flushTimer);
      await context.jobs.stop();
      await context.background.drain();
      await balances.flush();
      await context.logs.flush();
      journal?.rotate(oldestUnwritten());
      journal?.close();
      await bus.close();
      await redis?.quit().catch(() => undefined);
      await database.close();
    });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    if (config.NODE_TYPE === 'master') context.jobs.start();
    return { app, context, url, close: () => app.close() };
  } catch (error) {
    journal?.close();
    await bus.close();
    redis?.disconnect();
    await database.close();
    throw error;
  }
}
