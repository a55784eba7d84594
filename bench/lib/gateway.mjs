// Starts the production build of the gateway as a user would (node server/dist/main.js) on a fresh
// SQLite file, one process (WORKERS=1) unless asked for more.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tasksetPrefix } from './pinning.mjs';
import { descendants, isRunning } from './process-tree.mjs';

/** Fails with the command to run when the build is missing (or runs it when asked to). */
export function ensureBuild(root, { build }) {
  const main = join(root, 'server/dist/main.js');
  if (existsSync(main)) return main;
  if (!build) throw new Error(`server/dist/main.js is missing: run \`npm run build\` first (or pass --build)`);
  console.log('building (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return main;
}

/**
 * Spawns the gateway and resolves once it prints its URL. `inspect` starts it with an idle inspector
 * (the memory phase uses it for a full GC); `cpus` pins it, and so every worker it forks, with taskset
 * (which execs node, so the pid is the gateway's own).
 */
export async function startGateway({ main, root, dataDir, profileDir, inspect = true, cpus, environment = {} }) {
  const nodeArguments = [
    ...(inspect ? ['--inspect=127.0.0.1:0'] : []),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    main,
  ];
  const [command, ...commandArguments] = cpus
    ? [...tasksetPrefix(cpus), process.execPath, ...nodeArguments]
    : [process.execPath, ...nodeArguments];
  const child = spawn(command, commandArguments, {
    cwd: root,
    env: {
      ...process.env,
      WORKERS: '1',
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
  if (inspect && !inspectorUrl) throw new Error(`the gateway did not report its inspector address:\n${output}`);
  // The shutdown prints the write-behind's worst lag (each worker its own); the worst is kept for the report.
  let worstLagMs = null;
  child.stdout.on('data', (data) => {
    for (const lag of data.toString().matchAll(/write-behind worst lag (\d+) ms/g))
      worstLagMs = Math.max(worstLagMs ?? 0, Number(lag[1]));
  });
  child.stderr.on('data', (data) => {
    const text = data
      .toString()
      .replace(/^(Debugger (listening|attached|ending)|For help, see|Waiting for the debugger).*\n?/gm, '');
    if (text) process.stderr.write(`[gateway] ${text}`);
  });
  return {
    url,
    pid: child.pid,
    inspectorUrl,
    /** The write-behind's worst lag in ms, known once the gateway stopped (null before). */
    worstLagMs: () => worstLagMs,
    /** SIGTERM to the gateway (the primary with workers), resolved once it and every process it forked are gone. */
    stop: async () => {
      const running = child.exitCode === null && child.signalCode === null;
      const forked = running ? descendants(child.pid) : [];
      if (running) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await waitForExit(forked);
      return child.exitCode;
    },
  };
}

/** Waits up to 15 s for processes to end; a worker left behind after that is killed and named. */
async function waitForExit(pids) {
  for (let waited = 0; waited < 15_000 && pids.some(isRunning); waited += 100) await sleep(100);
  for (const pid of pids.filter(isRunning)) {
    console.error(`[bench] gateway process ${pid} still ran 15 s after the gateway stopped: killed`);
    process.kill(pid, 'SIGKILL');
  }
}
