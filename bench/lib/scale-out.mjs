// What the scale-out mode (PostgreSQL + Redis) needs on this machine: a fresh PostgreSQL database per
// gateway, a redis-server of its own (so that its CPU time is the gateway's calls' alone), the
// environment that points a gateway at both, and the ledger check read from PostgreSQL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cpuMilliseconds } from './process-tree.mjs';

/** Where the bench may create and drop databases: BENCH_POSTGRES_DSN, or the local server's postgres user. */
export const POSTGRES_ADMIN_DSN = process.env.BENCH_POSTGRES_DSN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const CONSUMPTION = 2;

async function withClient(dsn, work) {
  const client = new pg.Client({ connectionString: dsn });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the admin DSN's server; `drop()` removes it. */
export async function freshPostgresDatabase(adminDsn = POSTGRES_ADMIN_DSN) {
  const name = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  await withClient(adminDsn, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminDsn);
  url.pathname = `/${name}`;
  return {
    dsn: url.toString(),
    drop: () => withClient(adminDsn, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server on a free port that keeps nothing on disk; `cpuMs()` is its CPU time so far. */
export async function startRedisServer() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const failed = new Promise((_, reject) =>
    child.once('error', (error) => reject(new Error(`redis-server could not start: ${error.message}`))),
  );
  failed.catch(() => {});
  for (let attempt = 0; ; attempt += 1) {
    const ready = await Promise.race([
      failed,
      new Promise((resolve) => {
        const socket = new Socket();
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
        socket.connect(port, '127.0.0.1');
      }),
    ]);
    if (ready) break;
    if (attempt > 50) throw new Error(`redis-server did not listen on port ${port}`);
    await sleep(100);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    cpuMs: () => cpuMilliseconds(child.pid),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A gateway's settings for the scale-out mode: the database, Redis and the shared session secret instances need. */
export const scaleOutEnvironment = (database, redis) => ({
  SQL_DSN: database.dsn,
  REDIS_CONN_STRING: redis.url,
  SESSION_SECRET: 'bench-scale-out-session-secret-0123456789',
});

/** The bill against the logs, as `checkLedger` does for SQLite, read from the gateway's PostgreSQL database. */
export async function checkLedgerPostgres(dsn, userId, initialQuota) {
  return withClient(dsn, async (client) => {
    const user = (await client.query('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [userId]))
      .rows[0];
    const logs = (
      await client.query(
        'SELECT COUNT(*) AS calls, COALESCE(SUM(quota), 0) AS quota FROM logs WHERE user_id = $1 AND type = $2',
        [userId, CONSUMPTION],
      )
    ).rows[0];
    const [quota, usedQuota, requestCount, loggedQuota, loggedCalls] = [
      user.quota,
      user.used_quota,
      user.request_count,
      logs.quota,
      logs.calls,
    ].map(Number);
    const spent = initialQuota - quota;
    return {
      usedQuota,
      spentQuota: spent,
      requestCount,
      loggedQuota,
      loggedCalls,
      pass: usedQuota === loggedQuota && spent === loggedQuota && requestCount === loggedCalls,
    };
  });
}
