// Starts the production build of the gateway as a user would (node server/dist/main.js) on a fresh
// SQLite file, and reads the child's CPU time and memory from /proc.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Fails with the command to run when the build is missing (or runs it when asked to). */
export function ensureBuild(root, { build }) {
  const main = join(root, 'server/dist/main.js');
  if (existsSync(main)) return main;
  if (!build) throw new Error(`server/dist/main.js is missing: run \`npm run build\` first (or pass --build)`);
  console.log('building (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return main;
}

/** Spawns the gateway and resolves once it prints its URL. */
export async function startGateway({ main, root, dataDir, profileDir, environment = {} }) {
  // The inspector listens on a free port and stays idle until the memory phase asks it for a GC.
  const nodeArguments = ['--inspect=127.0.0.1:0', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), main];
  const child = spawn(process.execPath, nodeArguments, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dataDir, 'switchboard.db'),
      LOG_LEVEL: 'warn',
      SQL_DSN: '',
      REDIS_CONN_STRING: '',
      NODE_ENV: 'production',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (data) => {
      output += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code} before listening:\n${output}`)));
  });
  const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (!inspectorUrl) throw new Error(`the gateway did not report its inspector address:\n${output}`);
  // The shutdown prints the write-behind's worst lag; kept for the report.
  let worstLagMs = null;
  child.stdout.on('data', (data) => {
    const lag = /write-behind worst lag (\d+) ms/.exec(data.toString());
    if (lag) worstLagMs = Number(lag[1]);
  });
  child.stderr.on('data', (data) => {
    const text = data.toString().replace(/^(Debugger (listening|attached)|For help, see|Waiting for the debugger).*\n?/gm, '');
    if (text) process.stderr.write(`[gateway] ${text}`);
  });
  return {
    url,
    pid: child.pid,
    inspectorUrl,
    /** The write-behind's worst lag in ms, known once the gateway stopped (null before). */
    worstLagMs: () => worstLagMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** User + system CPU time of a process so far, in milliseconds. */
export function cpuMilliseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident memory of a process, in KiB. */
export function rssKilobytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}
