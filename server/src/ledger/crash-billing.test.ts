import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatLoad, crashSandbox, expectExactBilling, readLedger, setUpBilling } from '../testing/crash-load';
import { startServerProcess } from '../testing/server-process';

const CLIENTS = 16;

describe('a SIGKILL under load loses no billed call (SQLite)', () => {
  const sandbox = crashSandbox('crash');
  const { upstream, folder } = sandbox;
  const environment = { SQLITE_PATH: join(folder, 'switchboard.db'), JOURNAL_DIR: join(folder, 'journal') };

  it('answered = billed = logged after kill -9 and restart', async () => {
    sandbox.running = await startServerProcess(environment);
    const setup = await setUpBilling(sandbox.running, upstream.url);
    const before = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    const server = sandbox.running;
    const load = new ChatLoad(() => [server.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(1500);
    await sandbox.running.kill();
    sandbox.running = null;
    await load.stop();
    const restarted = await startServerProcess(environment);
    expect(await restarted.stop()).toBe(0);
    const ledger = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    console.info(
      `SQLite crash: upstream served ${upstream.received.length}, answered ${load.answered}, logged ${ledger.logRows}`,
    );
    expectExactBilling(ledger, before, load.answered, CLIENTS);
  }, 60_000);

  it('SIGTERM under load: in-flight calls finish and everything is flushed, even without the journal', async () => {
    sandbox.running = await startServerProcess({ ...environment, BILLING_JOURNAL: 'off' });
    const setup = await setUpBilling(sandbox.running, upstream.url);
    const before = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    const server = sandbox.running;
    const load = new ChatLoad(() => [server.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(1000);
    expect(await sandbox.running.stop()).toBe(0);
    sandbox.running = null;
    await load.stop();
    const ledger = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    console.info(`SQLite SIGTERM: answered ${load.answered}, logged ${ledger.logRows - before.logRows}`);
    expectExactBilling(ledger, before, load.answered, 0);
  }, 60_000);
});
