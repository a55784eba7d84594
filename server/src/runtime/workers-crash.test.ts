import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ChatLoad,
  crashSandbox,
  expectExactBilling,
  killOneWorker,
  readLedger,
  setUpBilling,
} from '../testing/crash-load';
import { ownerOf, PinnedConnection } from '../testing/pinned-connection';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

const CLIENTS = 12;

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
    const setup = await setUpBilling(server, upstream.url);
    const before = await readLedger(settings, setup);
    const load = new ChatLoad(() => [server.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 15_000, interval: 50 }).toBeGreaterThan(150);
    const { victim, survivor } = await killOneWorker(server);
    const replacement = (await server.childPids()).find((pid) => pid !== victim && pid !== survivor) ?? 0;
    await expect.poll(() => servedBy(server, replacement), { timeout: 15_000, interval: 100 }).toBe(true);
    const answeredAtKill = load.answered;
    await expect.poll(() => load.answered, { timeout: 15_000, interval: 50 }).toBeGreaterThan(answeredAtKill + 100);
    await load.stop();
    expect(await server.stop()).toBe(0);
    sandbox.running = null;
    const ledger = await readLedger(settings, setup);
    console.info(
      `workers, one killed: answered ${load.answered}, failed ${load.failed}, logged ${ledger.logRows - before.logRows}`,
    );
    // A hold of the killed worker that was not given back would show as a balance short of the bill.
    expectExactBilling(ledger, before, load.answered, CLIENTS);
  }, 60_000);

  it('the primary killed: its workers exit, and the restart replays the journal', async () => {
    sandbox.running = await startServerProcess(environment);
    const server = sandbox.running;
    const setup = await setUpBilling(server, upstream.url);
    const before = await readLedger(settings, setup);
    const workers = await server.childPids();
    const load = new ChatLoad(() => [server.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 15_000, interval: 50 }).toBeGreaterThan(150);
    await server.kill();
    sandbox.running = null;
    await load.stop();
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
    const ledger = await readLedger(settings, setup);
    console.info(`workers, primary killed: answered ${load.answered}, logged ${ledger.logRows - before.logRows}`);
    expectExactBilling(ledger, before, load.answered, CLIENTS);
  }, 60_000);
});
