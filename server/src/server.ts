import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import type { AppContext } from './app-context';
import type { Config } from './config';
import { ensureRootUser } from './console/user/bootstrap';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { BackgroundWork } from './platform/background-work';
import { DeltaWriter } from './platform/balances/delta-writer';
import { MemoryBalanceBook } from './platform/balances/memory-balance-book';
import { RedisBalanceBook } from './platform/balances/redis-balance-book';
import { LocalBus, RedisBus, type InvalidationBus } from './platform/invalidation-bus';
import { LogWriter } from './platform/log-writer';
import { OptionStore } from './platform/option-store';
import { SessionCodec } from './platform/session';
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

/** config → database → caches → app → listen. */
export async function startServer(config: Config, options: StartOptions): Promise<RunningServer> {
  const database = openDatabase({ kind: config.databaseKind, sqlitePath: config.SQLITE_PATH, dsn: config.SQL_DSN });
  let redis: Redis | null = null;
  let bus: InvalidationBus = new LocalBus();
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
    const deltaWriter = new DeltaWriter(database.db);
    const balances = redis
      ? new RedisBalanceBook(redis, config.REDIS_PREFIX, database.db, deltaWriter)
      : new MemoryBalanceBook(database.db, deltaWriter);
    const context: AppContext = {
      config,
      database,
      options: optionStore,
      bus,
      redis,
      sessions: new SessionCodec(resolveSessionSecret(config)),
      balances,
      logs: new LogWriter(database),
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
    const flushTimer = setInterval(() => {
      balances.flush().catch((error: unknown) => app.log.error({ err: error }, 'balance flush failed; will retry'));
      context.logs.flush().catch((error: unknown) => app.log.error({ err: error }, 'log flush failed; will retry'));
    }, FLUSH_INTERVAL_MS);
    flushTimer.unref();
    context.shutdownTasks.push(async () => {
      clearInterval(flushTimer);
      await context.background.drain();
      await balances.flush();
      await context.logs.flush();
      await bus.close();
      await redis?.quit().catch(() => undefined);
      await database.close();
    });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    return { app, context, url, close: () => app.close() };
  } catch (error) {
    await bus.close();
    redis?.disconnect();
    await database.close();
    throw error;
  }
}
