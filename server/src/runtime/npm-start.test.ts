import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processTree, repositoryRoot, running, startCommand, type StartedCommand } from '../testing/npm-start';
import { freePort } from '../testing/server-process';
import { temporaryFolders } from '../testing/temporary-folders';

/**
 * `npm start` stops and starts like a service: a signal to npm (what a process manager sends) or to
 * the terminal's process group (Ctrl-C) stops every process cleanly, also during the start, and a
 * start right after a hard kill serves even while the dead primary is left a zombie.
 */
describe('npm start as a service', () => {
  const newFolder = temporaryFolders('npm-start');
  /** every process a test started, killed after it if still running */
  const started: number[] = [];

  afterEach(() => {
    for (const pid of started.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
  });

  const environment = () => {
    const folder = newFolder();
    return { WORKERS: '2', SQLITE_PATH: join(folder, 'switchboard.db'), JOURNAL_DIR: join(folder, 'journal') };
  };

  const track = (command: StartedCommand) => {
    if (command.child.pid) started.push(command.child.pid);
    started.push(...command.descendants());
    return command;
  };

  /** Resolves once none of `pids` runs (a zombie waiting for its parent counts as ended). */
  const allEnded = (pids: number[]) =>
    expect.poll(() => pids.filter(running), { timeout: 30_000, interval: 100 }).toEqual([]);

  const errorLines = (output: string) =>
    output
      .split('\n')
      .filter(
        (line) => line.includes('"level":50') || line.includes('failed to start') || line.includes('shutdown failed'),
      );

  it('SIGTERM to npm stops the primary and both workers, which finish cleanly', async () => {
    const command = await startCommand(environment());
    await command.serving();
    const processes = track(command).descendants();
    expect(processes.length).toBeGreaterThanOrEqual(3);
    process.kill(command.child.pid ?? 0, 'SIGTERM');
    await allEnded([...processes, ...command.everSeen()]);
    expect(command.output()).toContain('write-behind worst lag');
    expect(errorLines(command.output())).toEqual([]);
  }, 90_000);

  it('SIGTERM to `node scripts/start.mjs` itself ends it with exit code 0', async () => {
    const command = await startCommand(environment(), [process.execPath, 'scripts/start.mjs']);
    await command.serving();
    const processes = track(command).descendants();
    process.kill(command.child.pid ?? 0, 'SIGTERM');
    expect(await command.exited).toEqual({ code: 0, signal: null });
    await allEnded(processes);
  }, 90_000);

  it.each([
    {
      when: 'half a second into the start',
      ready: (command: StartedCommand) => new Promise((resolve) => setTimeout(resolve, 500)).then(() => command),
    },
    {
      when: 'once the workers are forked, before they listen',
      ready: async (command: StartedCommand) => {
        await expect
          .poll(() => command.descendants().length, { timeout: 60_000, interval: 20 })
          .toBeGreaterThanOrEqual(4);
        expect(command.output()).not.toContain(' listening on ');
        return command;
      },
    },
  ])(
    'Ctrl-C $when stops every process without an error',
    async ({ ready }) => {
      const command = await ready(await startCommand(environment()));
      track(command);
      process.kill(-(command.child.pid ?? 0), 'SIGINT');
      await command.exited;
      started.push(...command.everSeen());
      await allEnded(command.everSeen());
      expect(errorLines(command.output())).toEqual([]);
      expect(command.output()).not.toContain('stopped unexpectedly');
    },
    90_000,
  );

  it('serves right after the whole server was SIGKILLed, while the dead primary is still a zombie', async () => {
    const settings = environment();
    // The primary's parent is `sleep`, which never reaps it: it stays a zombie, as under a container's
    // init that does not reap, keeping its pid in the journal's owner file.
    const parent = spawn('sh', ['-c', `"${process.execPath}" scripts/start.mjs & exec sleep 120`], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(await freePort()), ...settings },
      stdio: 'ignore',
    });
    if (parent.pid) started.push(parent.pid);
    await expect
      .poll(() => processTree(parent.pid ?? 0).length, { timeout: 60_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    const [primary = 0, ...workers] = processTree(parent.pid ?? 0);
    started.push(primary, ...workers);
    for (const pid of [primary, ...workers]) process.kill(pid, 'SIGKILL');
    await expect.poll(() => running(primary), { timeout: 10_000, interval: 20 }).toBe(false);
    expect(existsSync(`/proc/${primary}`)).toBe(true); // dead, not reaped: a zombie

    const restarted = track(await startCommand(settings));
    await restarted.serving();
    expect(restarted.output()).not.toContain('belongs to the running process');
    const processes = track(restarted).descendants();
    process.kill(restarted.child.pid ?? 0, 'SIGTERM');
    await allEnded(processes);
  }, 120_000);
});
