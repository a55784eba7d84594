import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { JobRunner } from './jobs/job-runner';
import type { BackgroundWork } from './platform/background-work';
import type { BalanceBook } from './ledger/balances/balance-book';
import type { Durability } from './ledger/durable-journal';
import type { InvalidationBus } from './platform/invalidation-bus';
import type { LogQueue } from './ledger/log-writer';
import type { OptionStore } from './platform/option-store';
import type { SessionCodec } from './platform/session';
import type { WindowCounter } from './platform/window-counter';
import type { AffinityStore } from './platform/affinity-store';
import type { WriteBehind } from './platform/write-behind';

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
  /**
   * The settlement journal that makes written-behind billing crash-safe (in a worker process, the
   * primary's, over IPC); null when BILLING_JOURNAL=off.
   */
  journal: Durability | null;
  /**
   * This process's own durable identity, set by the runtime for its role: the id of the settlement
   * journal it writes (a single process, the cluster primary, or a worker that journals its own bills),
   * kept across its restarts, so that its claims and job leases are recognised as its own after a kill;
   * null when it writes no journal (BILLING_JOURNAL=off, or a worker whose bills the primary journals).
   */
  instanceId: string | null;
  /** The write-behind lag, and the admission gate that slows new calls while the database lags. */
  writeBehind: WriteBehind;
  /** Log rows and the hourly usage rollup, written behind in batches. */
  logs: LogQueue;
  /** Counters behind rate limits and relay limits: memory, Redis, or the cluster primary's memory. */
  counters: WindowCounter;
  /** Channel-affinity entries (issue 37): memory, Redis, or the cluster primary's memory. */
  affinity: AffinityStore;
  /** Background jobs: registered in every process (jobs/index.ts), run by the master's ledger owner only (runtime/). */
  jobs: JobRunner;
  version: string;
  startTime: number;
  /** Work to finish on shutdown after the server stopped accepting (flush writers), in order. */
  shutdownTasks: Array<() => Promise<void>>;
}
