// `npm start`: builds the console and the server when their build is missing or older than their
// sources (say, after `git pull`), then serves. Stops with npm: SIGTERM or SIGINT to npm stops every process.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What each build is made of; tests do not go into a build, so editing one does not rebuild. */
const builds = [
  {
    name: 'console',
    workspace: 'web',
    output: 'web/dist/index.html',
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'packages/contract/src',
      'package-lock.json',
    ],
  },
  {
    name: 'server',
    workspace: 'server',
    output: 'server/dist/main.js',
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'packages/contract/src', 'package-lock.json'],
  },
];

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time among the files below `path` (0 when there are none). */
function newestChange(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || isTest(entry.name)) continue;
    newest = Math.max(newest, newestChange(join(path, entry.name)));
  }
  return newest;
}

const stamp = (milliseconds) => new Date(milliseconds).toISOString().replace('T', ' ').slice(0, 19);

function buildWhereNeeded() {
  for (const build of builds) {
    const output = join(root, build.output);
    const sources = Math.max(...build.sources.map((source) => newestChange(join(root, source))));
    const built = existsSync(output) ? statSync(output).mtimeMs : null;
    if (built !== null && sources <= built) {
      console.info(
        `switchboard: serving the ${build.name} build of ${stamp(built)} UTC (${build.output}), newer than its sources`,
      );
      continue;
    }
    const why = built === null ? 'no build yet' : `sources changed since the build of ${stamp(built)} UTC`;
    console.info(`switchboard: building the ${build.name} (${why})`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

/**
 * npm does not pass a SIGTERM on to the script it runs, and the shell between them dies with npm: a
 * process whose parent changed was left behind by `npm start` and stops like on SIGTERM.
 */
function stopWithParent() {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  watch.unref();
}

/**
 * A stop asked for while the server's code still loads (a Ctrl-C right after the start) ends the
 * process at once, as asked: nothing is open yet. Once the server set its own handlers, they stop it.
 */
function stopBeforeServing(signal) {
  if (process.listenerCount(signal) > 1) return;
  console.info(`switchboard: ${signal} received before the server started; stopped`);
  process.exit(0);
}
process.on('SIGTERM', stopBeforeServing);
process.on('SIGINT', stopBeforeServing);

// Cluster workers run this file too: they serve the primary's build and stop with the primary.
if (cluster.isPrimary) {
  buildWhereNeeded();
  if (process.env.npm_lifecycle_event === 'start') stopWithParent();
}
await import('../server/dist/main.js');
