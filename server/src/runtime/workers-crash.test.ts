import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashSandbox, killOneWorker } from '../testing/crash-load';
import { ownerOf, PinnedConnection } from '../testing/pinned-connection';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { expectEveryAnswerBilled, expectStillAnswering, startLoad } from '../testing/worker-kill-load';

/** Whether a new connection to the server's port is served by `pid` (connections go to the workers in turn). */
async function servedBy(server: ServerProcess, pid: number): Promise<boolean> {
  const connection = new PinnedConnection(server.url);
  try {
    if ((await connection.call('/api/status')).status !== 200) return false;
    return (await ownerOf(Number(new URL(server.url).port), connection.localPort, [pid])) === pid;
  } finally {
    connection.close();
  }
}

describe('WORKERS=2 on SQLite: a SIGKILL under load loses no billed call', () => {
  const sandbox = crashSandbox('workers-crash');
  const { upstream, folder } = sandbox;
  const environment = {
    WORKERS: '2',
    SQLITE_PATH: join(folder, 'switchboard.db'),
    JOURNAL_DIR: join(folder, 'journal'),
  };
  const settings = { kind: 'sqlite' as const, sqlitePath: environment.SQLITE_PATH };

  it('one worker killed: the primary starts another, gives back its holds, and bills every answered call once', async () => {
    sandbox.running = await startServerProcess(environment);
    const server = sandbox.running;
    const running = await startLoad(server, upstream.url, settings, 150);
    const { victim, survivor } = await killOneWorker(server);
    const replacement = (await server.childPids()).find((pid) => pid !== victim && pid !== survivor) ?? 0;
    await expect.poll(() => servedBy(server, replacement), { timeout: 15_000, interval: 100 }).toBe(true);
    await expectStillAnswering(running.load);
    await running.load.stop();
    expect(await server.stop()).toBe(0);
    sandbox.running = null;
    // A hold of the killed worker that was not given back would show as a balance short of the bill.
    await expectEveryAnswerBilled(running, settings, 'workers, one killed');
  }, 60_000);

  it('the primary killed: its workers exit, and the restart replays the journal', async () => {
    sandbox.running = await startServerProcess(environment);
    const server = sandbox.running;
    const running = await startLoad(server, upstream.url, settings, 150);
    const workers = await server.childPids();
    await server.kill();
    sandbox.running = null;
    await running.load.stop();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => workers.filter(alive), { timeout: 10_000, interval: 50 }).toEqual([]);
    const restarted = await startServerProcess(environment);
    expect(await restarted.stop()).toBe(0);
    await expectEveryAnswerBilled(running, settings, 'workers, primary killed');
  }, 60_000);
});
