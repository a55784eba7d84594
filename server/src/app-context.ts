import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { BackgroundWork } from './platform/background-work';
import type { BalanceBook } from './platform/balances/balance-book';
import type { InvalidationBus } from './platform/invalidation-bus';
import type { LogWriter } from './platform/log-writer';
import type { OptionStore } from './platform/option-store';
import type { SessionCodec } from './platform/session';

/** What every area receives: configuration, storage, caches and shared machinery. */
export interface AppContext {
  config: Config;
  database: Database;
  options: OptionStore;
  bus: InvalidationBus;
  redis: Redis | null;
  sessions: SessionCodec;
  /** The authority for users' quota and tokens' remain_quota; see balance-book.ts. */
  balances: BalanceBook;
  /** Work still running after its request answered (settlements); drained before a flush at shutdown. */
  background: BackgroundWork;
  /** Log rows and the hourly usage rollup, written behind in batches. */
  logs: LogWriter;
  version: string;
  startTime: number;
  /** Work to finish on shutdown after the server stopped accepting (flush writers), in order. */
  shutdownTasks: Array<() => Promise<void>>;
}
