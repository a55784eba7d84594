// Times the log list and statistics queries on one million rows in a fresh SQLite file.
// Run: npm run build -w server && node bench/log-queries.mjs [rows]
// The queries are the server's own (LogRepository, UsageRepository), bundled from source with esbuild.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { build } from 'esbuild';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const REPEATS = 7;
const DAY = 86_400;
const USERS = 1000;
const MODELS = Array.from({ length: 20 }, (_, index) => `model-${index}`);
const GROUPS = ['default', 'vip', 'svip', 'team', 'trial'];
const CHANNELS = 50;
const repository = new URL('..', import.meta.url).pathname;

async function loadServerModules() {
  const manifest = JSON.parse(readFileSync(join(repository, 'server/package.json'), 'utf8'));
  const outfile = join(repository, 'bench/dist/log-queries-server.mjs');
  await build({
    stdin: {
      contents: `
        export { openDatabase } from './server/src/db/database';
        export { migrateToLatest } from './server/src/db/migrate';
        export { LogRepository, rowFilterOf } from './server/src/console/log/repository';
        export { UsageRepository } from './server/src/console/data/repository';`,
      resolveDir: repository,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@switchboard/')),
    logLevel: 'warning',
  });
  return import(outfile);
}

/** Deterministic pseudo-random numbers, so that every run seeds the same table. */
function randomSource(seed) {
  let state = seed >>> 0;
  // mulberry32
  return (limit) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296) * limit) | 0;
  };
}

function seed(path, now) {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const insert =
    sqlite.prepare(`insert into logs (user_id, created_at, type, content, username, token_name, token_id, model_name,
    quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id, channel_name, "group", ip, request_id, other)
    values (?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?)`);
  const random = randomSource(42);
  const other = JSON.stringify({
    model_ratio: 1.25,
    completion_ratio: 4,
    group_ratio: 1,
    model_price: -1,
    frt: 800,
    admin_info: { use_channel: ['1'] },
  });
  const insertAll = sqlite.transaction(() => {
    for (let index = 0; index < ROWS; index += 1) {
      const user = random(USERS) + 1;
      // 30 days of traffic, the newest rows last, like a real table
      const createdAt = now - 30 * DAY + Math.floor((index / ROWS) * 30 * DAY);
      const type = random(100) < 92 ? 2 : 1 + random(4);
      const channel = random(CHANNELS) + 1;
      insert.run(
        user,
        createdAt,
        type,
        `user${user}`,
        `token${user % 7}`,
        user * 10 + (user % 7),
        MODELS[random(MODELS.length)],
        random(20_000),
        random(4000),
        random(1000),
        random(30),
        random(2),
        channel,
        `channel ${channel}`,
        GROUPS[user % GROUPS.length],
        `req-${index}`,
        other,
      );
    }
  });
  insertAll();
  // The hourly rollup the relay would have built from the same calls.
  sqlite.exec(`insert into quota_data (user_id, username, model_name, created_at, token_used, count, quota)
    select user_id, username, model_name, created_at - created_at % 3600, sum(prompt_tokens + completion_tokens), count(*), sum(quota)
    from logs where type = 2 group by user_id, username, model_name, created_at - created_at % 3600`);
  sqlite.close();
}

async function timed(run) {
  const samples = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], worst: samples.at(-1) };
}

const server = await loadServerModules();
const folder = mkdtempSync(join(tmpdir(), 'switchboard-log-bench-'));
const path = join(folder, 'logs.db');
const now = Math.floor(Date.now() / 1000);
try {
  const fresh = server.openDatabase({ kind: 'sqlite', sqlitePath: path });
  await server.migrateToLatest(fresh);
  await fresh.close();
  let started = performance.now();
  seed(path, now);
  console.log(
    `seeded ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${(statSync(path).size / 2 ** 20).toFixed(0)} MiB)`,
  );

  const database = server.openDatabase({ kind: 'sqlite', sqlitePath: path });
  const logs = new server.LogRepository(database);
  const usage = new server.UsageRepository(database);
  const everyone = { everyone: true };
  const day = { start_timestamp: now - DAY, end_timestamp: now + 3600 };
  const base = {
    type: 0,
    username: '',
    token_name: '',
    model_name: '',
    group: '',
    channel: 0,
    start_timestamp: 0,
    end_timestamp: 0,
  };
  const cases = [
    ['admin, default window (last day)', everyone, { ...day }],
    ['admin, no window (all rows)', everyone, {}],
    ['admin, consumption, last day', everyone, { ...day, type: 2 }],
    ['admin, username, last day', everyone, { ...day, username: 'user42' }],
    ['admin, username, no window', everyone, { username: 'user42' }],
    ['admin, model, last day', everyone, { ...day, model_name: 'model-3' }],
    ['admin, token name, last day', everyone, { ...day, token_name: 'token3' }],
    ['admin, channel, last day', everyone, { ...day, channel: 7 }],
    ['admin, group, last day', everyone, { ...day, group: 'vip' }],
    ['self, default window', { userId: 42 }, { ...day }],
    ['self, consumption, 30 days', { userId: 42 }, { start_timestamp: now - 30 * DAY, type: 2 }],
  ];
  console.log('\nmedian / worst of 7 runs, milliseconds');
  console.log(
    'case'.padEnd(36),
    'rows'.padStart(9),
    'list p1'.padStart(16),
    'list p100'.padStart(16),
    'stat'.padStart(16),
  );
  const cell = ({ median, worst }) => `${median.toFixed(1)} / ${worst.toFixed(1)}`.padStart(16);
  for (const [name, scope, values] of cases) {
    const filter = server.rowFilterOf({ ...base, ...values });
    const total = await logs.count(scope, filter);
    const firstPage = await timed(() => Promise.all([logs.count(scope, filter), logs.page(scope, filter, 0, 10)]));
    const deepPage = await timed(() => Promise.all([logs.count(scope, filter), logs.page(scope, filter, 990, 10)]));
    const stat = await timed(() =>
      Promise.all([logs.consumption(scope, filter), logs.consumption(scope, { ...filter, since: now - 60, until: 0 })]),
    );
    console.log(name.padEnd(36), String(total).padStart(9), cell(firstPage), cell(deepPage), cell(stat));
  }
  const buckets = await database.db
    .selectFrom('quota_data')
    .select((select) => select.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  console.log(`\nquota_data: ${buckets.count} hourly buckets`);
  const dashboard = [
    ['admin, everyone, 7 days', everyone, now - 7 * DAY],
    ['admin, one username, 30 days', { username: 'user42' }, now - 30 * DAY],
    ['self, 30 days', { userId: 42 }, now - 30 * DAY],
  ];
  for (const [name, scope, since] of dashboard) {
    const points = await usage.hourly(scope, since, now);
    const time = await timed(() => usage.hourly(scope, since, now));
    console.log(name.padEnd(36), String(points.length).padStart(9), 'points', cell(time));
  }
  await database.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
