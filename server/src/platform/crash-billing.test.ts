import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLoad, expectExactBilling, readLedger, setUpBilling } from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { startServerProcess, type ServerProcess } from '../testing/server-process';

const CLIENTS = 16;

describe('a SIGKILL under load loses no billed call (SQLite)', () => {
  const upstream = new FakeOpenAIUpstream();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-crash-'));
  const environment = { SQLITE_PATH: join(folder, 'switchboard.db'), JOURNAL_DIR: join(folder, 'journal') };
  let running: ServerProcess | null = null;

  beforeAll(async () => {
    await upstream.start();
  });
  afterAll(async () => {
    await running?.kill();
    await upstream.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answered = billed = logged after kill -9 and restart', async () => {
    running = await startServerProcess(environment);
    const setup = await setUpBilling(running, upstream.url);
    const before = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    const server = running;
    const load = new ChatLoad(() => [server.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(1500);
    await running.kill();
    running = null;
    await load.stop();
    const restarted = await startServerProcess(environment);
    expect(await restarted.stop()).toBe(0);
    const ledger = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    console.info(`SQLite crash: upstream served ${upstream.received.length}, answered ${load.answered}, logged ${ledger.logRows}`);
    expectExactBilling(ledger, before, load.answered, CLIENTS);
  }, 60_000);

  it('SIGTERM under load: in-flight calls finish and everything is flushed, even without the journal', async () => {
    running = await startServerProcess({ ...environment, BILLING_JOURNAL: 'off' });
    const setup = await setUpBilling(running, upstream.url);
    const before = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    const server = running;
    const load = new ChatLoad(() => [server.url], setup.apiKey, CLIENTS);
    await expect.poll(() => load.answered, { timeout: 20_000, interval: 50 }).toBeGreaterThan(1000);
    expect(await running.stop()).toBe(0);
    running = null;
    await load.stop();
    const ledger = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    console.info(`SQLite SIGTERM: answered ${load.answered}, logged ${ledger.logRows - before.logRows}`);
    expectExactBilling(ledger, before, load.answered, 0);
  }, 60_000);
});
