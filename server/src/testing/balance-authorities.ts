import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { insertReturningId, nowSeconds, toNumber } from '../db/dialect';
import type { BalanceBook } from '../ledger/balances/balance-book';
import { journalDirectory, LocalBilling, type Billing } from '../ledger/local-billing';
import { ClusterAuthority } from '../runtime/cluster-authority';
import { PrimaryBus } from '../runtime/primary-bus';
import { PrimaryLink } from '../runtime/primary-link';
import { RemoteBalanceBook } from '../runtime/remote-balance-book';
import { remoteBilling } from '../runtime/remote-billing';
import { recoverWorkerJournal, workerJournalDirectory } from '../runtime/worker-journals';
import { inProcessChannel } from './in-process-cluster';

/**
 * Each balance authority built directly, as its process builds it (not through the whole server), for
 * the ledger's conformance suite: the process's memory; a cluster worker whose balances live in its
 * primary (an in-process pair over a JSON channel), either asking the primary to journal and write its
 * bills (with Redis, or the journal off) or journaling and writing them itself (the default with
 * WORKERS>1); and Redis shared by instances.
 */
export type AuthorityKind = 'memory' | 'worker-and-primary' | 'billing-worker-and-primary' | 'redis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One run of an authority over a database and a journal folder. */
export interface AuthorityRun {
  /** the balance book calls use (in a worker, the worker's) */
  balances: BalanceBook;
  /** journal records the start replayed */
  replayed: number;
  /** resolves once everything journaled so far is durable */
  durable(): Promise<void>;
  /** The process dies (nothing pending reaches the database) and starts again on the same journal. */
  crashAndRestart(): Promise<AuthorityRun>;
  /** Writes everything pending and stops. */
  close(): Promise<void>;
}

/** The authorities to test: memory and the worker/primary pair always; Redis when it answers (always with CI=true). */
export async function availableAuthorityKinds(): Promise<AuthorityKind[]> {
  const kinds: AuthorityKind[] = ['memory', 'worker-and-primary', 'billing-worker-and-primary'];
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    kinds.push('redis');
  } catch {
    if (process.env.CI === 'true') throw new Error(`Redis is not reachable at ${REDIS_URL}, and CI requires it`);
    console.warn(`ledger conformance: Redis not reachable at ${REDIS_URL}, running without it (CI would fail)`);
  } finally {
    client.disconnect();
  }
  return kinds;
}

const quiet = { error: () => undefined, warn: () => undefined };

/** A key prefix of its own, for Redis authorities that share it (instances of one deployment). */
export const newRedisPrefix = () => `ledger-conformance-${randomBytes(6).toString('hex')}:`;

/**
 * Starts an authority of `kind` on `database` (SQLite at `sqlitePath`), journaling in `journalDirectory`;
 * the Redis one on `redisUrl` (the shared test Redis unless a test brings its own), under `prefix`
 * (one of its own unless instances share it).
 */
export async function startAuthority(
  kind: AuthorityKind,
  database: Database,
  sqlitePath: string,
  journalDirectory: string,
  redisUrl = REDIS_URL,
  prefix = newRedisPrefix(),
): Promise<AuthorityRun> {
  const config = loadConfig({
    SQLITE_PATH: sqlitePath,
    JOURNAL_DIR: journalDirectory,
    BILLING_JOURNAL: 'write',
    REDIS_PREFIX: prefix,
    WORKERS: '1',
  });
  const redis = kind === 'redis' ? new Redis(redisUrl) : null;
  const start = async (): Promise<AuthorityRun> => {
    const billing = await LocalBilling.open(config, database, redis);
    const worker =
      kind === 'memory' || kind === 'redis'
        ? null
        : await workerOf(billing, kind === 'billing-worker-and-primary' ? config : null, database);
    const balances = worker?.balances ?? billing.balances;
    const durable = worker?.durable ?? (() => billing.journal?.durable() ?? Promise.resolve());
    return {
      balances,
      durable,
      replayed: billing.replayed,
      crashAndRestart: async () => {
        await durable();
        worker?.billing?.abandon();
        billing.abandon();
        return start();
      },
      close: async () => {
        await worker?.billing?.close();
        await billing.close();
        if (redis) {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          redis.disconnect();
        }
      },
    };
  };
  return start();
}

/**
 * A cluster worker's balance book, served by a primary that holds `billing`. With `config` the worker
 * journals and writes its bills itself (as `remoteBilling` sets it up), else the primary does.
 */
async function workerOf(
  billing: LocalBilling,
  config: Config | null,
  database: Database,
): Promise<{ balances: BalanceBook; durable: () => Promise<void>; billing: Billing | null }> {
  const { workerPort, primaryEnd } = inProcessChannel(1);
  const recoverJournal = config
    ? () => recoverWorkerJournal(database, workerJournalDirectory(journalDirectory(config), process.pid), 'write')
    : null;
  const authority = new ClusterAuthority(billing, new PrimaryBus(), quiet, {
    leasing: true,
    recoverJournal,
    metrics: null,
  });
  authority.attach(primaryEnd);
  const link = new PrimaryLink(workerPort);
  if (!config) return { balances: new RemoteBalanceBook(link), durable: () => link.request('durable'), billing: null };
  const own = await remoteBilling(config, database, link);
  return { balances: own.balances, durable: () => own.journal?.durable() ?? Promise.resolve(), billing: own };
}

/** A user with `quota` and a token of the user with `remain`. */
export async function seedBalances(
  database: Database,
  quota: number,
  remain: number,
): Promise<{ userId: number; tokenId: number }> {
  const name = `ledger-${randomBytes(4).toString('hex')}`;
  const userId = await insertReturningId(database.db, database.kind, 'users', {
    username: name,
    password: 'x',
    quota,
    group: 'default',
    role: 1,
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  });
  const tokenId = await insertReturningId(database.db, database.kind, 'tokens', {
    user_id: userId,
    key: name.padEnd(48, 'k'),
    name,
    status: 1,
    created_time: nowSeconds(),
    expired_time: -1,
    remain_quota: remain,
    unlimited_quota: 0,
    model_limits_enabled: 0,
    model_limits: '',
    allow_ips: '',
    group: '',
    deleted_at: null,
  });
  return { userId, tokenId };
}

/** The balances the database holds for the user and token. */
export async function balancesInDatabase(
  database: Database,
  ids: { userId: number; tokenId: number },
): Promise<{ user: number; token: number }> {
  const user = await database.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', ids.userId)
    .executeTakeFirstOrThrow();
  const token = await database.db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', ids.tokenId)
    .executeTakeFirstOrThrow();
  return { user: toNumber(user.quota), token: toNumber(token.remain_quota) };
}
