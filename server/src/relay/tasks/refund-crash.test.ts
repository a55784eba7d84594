import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseSettings } from '../../db/database';
import { toNumber } from '../../db/dialect';
import { balancesInRedis, crashSandbox, setUpThroughConsole, type BillingSetup } from '../../testing/crash-load';
import { FakeMidjourneyProxy } from '../../testing/fake-midjourney-proxy';
import { FakeSuno } from '../../testing/fake-suno';
import { PrivateRedis } from '../../testing/private-redis';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../../testing/test-databases';

const TASKS_PER_PLATFORM = 100;
const CLIENTS = 12;

/** Root's limited token and a Suno and a midjourney-proxy channel, added through the console. */
function setUp(server: ServerProcess, suno: FakeSuno, proxy: FakeMidjourneyProxy): Promise<BillingSetup> {
  return setUpThroughConsole(
    server,
    [
      { type: 36, name: 'suno', key: 'suno-key', base_url: suno.url, models: 'suno_music' },
      { type: 2, name: 'midjourney', key: 'mj-secret', base_url: proxy.url, models: 'mj_imagine' },
    ],
    'tasks',
  );
}

/** A submitted task: its model (the two fakes may hand out the same id) and upstream id. */
interface Submitted {
  model: string;
  id: string;
}

/** Submits a task that the fake upstream fails. */
async function submitFailing(server: ServerProcess, apiKey: string, index: number): Promise<Submitted> {
  const drawing = index % 2 === 0;
  const response = await fetch(`${server.url}${drawing ? '/mj/submit/imagine' : '/suno/submit/music'}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: `fail number ${index}` }),
  });
  const body = (await response.json()) as { result?: string; data?: string };
  const id = drawing ? body.result : body.data;
  if (response.status !== 200 || !id) throw new Error(`submit ${index}: ${response.status} ${JSON.stringify(body)}`);
  return { model: drawing ? 'mj_imagine' : 'suno_music', id };
}

async function submitAll(server: ServerProcess, apiKey: string, count: number): Promise<Submitted[]> {
  const ids: Submitted[] = [];
  let next = 0;
  const client = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      ids.push(await submitFailing(server, apiKey, index));
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return ids;
}

async function refundStates(db: Database['db']): Promise<Map<number, number>> {
  const rows = await sql<{ refunded: number; count: number }>`
    select refunded, count(*) as count from (select refunded from midjourneys union all select refunded from tasks) as task_rows group by refunded
  `.execute(db);
  return new Map(rows.rows.map((row) => [toNumber(row.refunded), toNumber(row.count)]));
}

const claimedCount = (states: Map<number, number>) =>
  [...states].reduce((sum, [state, count]) => sum + (state === 0 ? 0 : count), 0);

/** What the database says about the user and the token, and how many tasks were refunded never, once or more. */
async function readTaskLedger(db: Database['db'], setup: BillingSetup, submitted: Submitted[]) {
  const user = await db.selectFrom('users').select('quota').where('id', '=', setup.userId).executeTakeFirstOrThrow();
  const token = await db
    .selectFrom('tokens')
    .select('remain_quota')
    .where('id', '=', setup.tokenId)
    .executeTakeFirstOrThrow();
  const charges = await db
    .selectFrom('logs')
    .select(['quota'])
    .where('token_id', '=', setup.tokenId)
    .where('type', '=', 2)
    .execute();
  const refunds = await db
    .selectFrom('logs')
    .select(['content', 'model_name', 'other'])
    .where('user_id', '=', setup.userId)
    .where('type', '=', 4)
    .execute();
  const refundsOf = (task: Submitted) =>
    refunds.filter((row) => row.model_name === task.model && row.content.includes(` ${task.id}`)).length;
  const counts = submitted.map(refundsOf);
  return {
    userQuota: toNumber(user.quota),
    tokenRemain: toNumber(token.remain_quota),
    charged: charges.reduce((sum, row) => sum + toNumber(row.quota), 0),
    charges: charges.length,
    refunded: refunds.reduce(
      (sum, row) => sum + Number((JSON.parse(row.other) as { task_refund?: number }).task_refund ?? 0),
      0,
    ),
    tasks: {
      never: counts.filter((count) => count === 0).length,
      once: counts.filter((count) => count === 1).length,
      more: counts.filter((count) => count > 1).length,
    },
  };
}

/** Where the killed server runs: its environment (journal included), and a second instance that polls too and is never killed. */
interface Deployment {
  settings: DatabaseSettings;
  environment: Record<string, string>;
  companion?: Record<string, string>;
  /** how many new refund claims each run lets through before it is killed: kills land early and late in a batch */
  claimsBeforeKill: number[];
  /** seconds; long enough that the first run starts after the server answers (a cluster primary polls before its workers listen) */
  pollInterval: string;
}

/**
 * Many failed tasks are refunded by a real server process that is SIGKILLed in the middle of the
 * refunds, several times; after the restarts every failed task's user and token are credited exactly
 * once: the balances are back where they started, and each task has one refund.
 */
describe('a SIGKILL while failed tasks are refunded loses no refund and credits none twice', () => {
  const sandbox = crashSandbox('crash-refund');
  const suno = new FakeSuno('suno-key').forTests();
  const proxy = new FakeMidjourneyProxy('mj-secret').forTests();
  const redis = new PrivateRedis();
  let postgres: TestDatabase | null = null;
  let database: Database | null = null;
  let companion: ServerProcess | null = null;

  afterAll(async () => {
    await companion?.kill();
    await database?.close();
    await redis.kill();
    await postgres?.drop();
  });

  async function refundThroughKills(deployment: Deployment) {
    // Polling off while the tasks are submitted and charged.
    const submitting = await startServerProcess({ ...deployment.environment, TASK_POLL_INTERVAL_SECONDS: '0' });
    sandbox.running = submitting;
    const setup = await setUp(submitting, suno, proxy);
    database = openDatabase(deployment.settings);
    const db = database.db;
    const before = await readTaskLedger(db, setup, []);
    const submitted = await submitAll(submitting, setup.apiKey, TASKS_PER_PLATFORM * 2);
    expect(await submitting.stop()).toBe(0);
    sandbox.running = null;

    const polling = { ...deployment.environment, TASK_POLL_INTERVAL_SECONDS: deployment.pollInterval };
    if (deployment.companion) companion = await startServerProcess(deployment.companion);
    const leftClaimed: number[] = [];
    for (const claims of deployment.claimsBeforeKill) {
      // The killed run's job lease is not expired by hand: the restart takes it over (same JOURNAL_DIR).
      const target = Math.min(claimedCount(await refundStates(db)) + claims, submitted.length);
      const server = await startServerProcess(polling);
      sandbox.running = server;
      while (claimedCount(await refundStates(db)) < target) await new Promise((resolve) => setImmediate(resolve));
      await server.kill();
      sandbox.running = null;
      leftClaimed.push((await refundStates(db)).get(2) ?? 0);
    }

    const last = await startServerProcess(polling);
    sandbox.running = last;
    await expect
      .poll(async () => (await refundStates(db)).get(1), { timeout: 20_000, interval: 50 })
      .toBe(submitted.length);
    for (const server of [last, companion]) if (server) expect(await server.stop()).toBe(0);
    sandbox.running = null;
    companion = null;

    const after = await readTaskLedger(db, setup, submitted);
    await database.close();
    database = null;
    console.info(
      `refund crash: ${submitted.length} failed tasks, claims left unfinished by each kill: ${leftClaimed.join(', ')}`,
    );
    expect(after.charges - before.charges).toBe(submitted.length);
    const charged = after.charged - before.charged;
    expect(after.tasks).toEqual({ never: 0, once: submitted.length, more: 0 });
    expect(after.refunded - before.refunded).toBe(charged);
    expect(after.userQuota).toBe(before.userQuota - charged + (after.refunded - before.refunded));
    expect(after.userQuota).toBe(before.userQuota);
    expect(after.tokenRemain).toBe(before.tokenRemain);
    return { setup, after };
  }

  it('one process on SQLite', async () => {
    const sqlitePath = join(sandbox.folder, 'single.db');
    await refundThroughKills({
      settings: { kind: 'sqlite', sqlitePath },
      environment: { SQLITE_PATH: sqlitePath, JOURNAL_DIR: join(sandbox.folder, 'single-journal') },
      claimsBeforeKill: [1, 30, 5, 50],
      pollInterval: '0.2',
    });
  }, 60_000);

  it('WORKERS=2 on SQLite (the cluster primary polls and is killed with its workers)', async () => {
    const sqlitePath = join(sandbox.folder, 'cluster.db');
    await refundThroughKills({
      settings: { kind: 'sqlite', sqlitePath },
      environment: { WORKERS: '2', SQLITE_PATH: sqlitePath, JOURNAL_DIR: join(sandbox.folder, 'cluster-journal') },
      claimsBeforeKill: [1, 30],
      pollInterval: '2',
    });
  }, 60_000);

  it('two instances on PostgreSQL with Redis balances, one of them killed', async () => {
    postgres = await createTestDatabase('postgres');
    await redis.start();
    const shared = {
      SQL_DSN: postgres.dsn ?? '',
      SESSION_SECRET: 'refund-crash-test-secret-0123456789',
      REDIS_CONN_STRING: redis.url,
    };
    const { setup, after } = await refundThroughKills({
      settings: postgres.settings,
      environment: { ...shared, JOURNAL_DIR: join(sandbox.folder, 'killed-journal') },
      companion: { ...shared, JOURNAL_DIR: join(sandbox.folder, 'companion-journal'), TASK_POLL_INTERVAL_SECONDS: '1' },
      claimsBeforeKill: [1, 30, 5],
      pollInterval: '0.2',
    });
    expect(await balancesInRedis(redis.url, setup)).toEqual({ user: after.userQuota, token: after.tokenRemain });
  }, 60_000);
});
