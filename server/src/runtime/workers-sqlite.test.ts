import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../testing/console-client';
import {
  CRASH_MODEL,
  expectExactBilling,
  readLedger,
  setUpBilling,
  type BillingSetup,
  type Ledger,
} from '../testing/crash-load';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { ownerOf, PinnedConnection } from '../testing/pinned-connection';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { signIn } from '../testing/test-server';

const CONNECTIONS = 8;
/** per-call price in dollars: 0.002 × QuotaPerUnit 500 000 = 1000 quota a call */
const PER_CALL_QUOTA = 1000;

const chat = (connection: PinnedConnection, apiKey: string, stream: boolean) =>
  connection.call('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: CRASH_MODEL,
      messages: [{ role: 'user', content: 'hello' }],
      max_tokens: 30,
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    }),
  });

/** Every connection makes `calls` calls one after another, all connections at once; answers the statuses. */
async function callsOnEvery(connections: PinnedConnection[], apiKey: string, calls: number): Promise<number[]> {
  const statuses = await Promise.all(
    connections.map(async (connection, index) => {
      const seen: number[] = [];
      for (let call = 0; call < calls; call += 1)
        seen.push((await chat(connection, apiKey, (index + call) % 4 === 0)).status);
      return seen;
    }),
  );
  return statuses.flat();
}

describe('WORKERS=2 on SQLite: one port, two workers, one balance authority', () => {
  const upstream = new FakeOpenAIUpstream();
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-workers-'));
  const settings = { kind: 'sqlite' as const, sqlitePath: join(folder, 'switchboard.db') };
  let server: ServerProcess;
  let setup: BillingSetup;
  let workers: number[];
  let connections: PinnedConnection[] = [];
  /** each connection's serving worker */
  let owners: Array<number | null> = [];
  let rootHeaders: Record<string, string>;

  const ledgerOnceWritten = async (before: Ledger, calls: number) => {
    await expect
      .poll(
        async () => {
          const ledger = await readLedger(settings, setup);
          return [ledger.logRows, ledger.userRequests, ledger.rolledCalls].map(
            (value, index) => value - [before.logRows, before.userRequests, before.rolledCalls][index]!,
          );
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual([calls, calls, calls]);
    return readLedger(settings, setup);
  };

  /**
   * Sets the user's quota to `quota`, large enough for a lease on each worker (a quarter of the balance
   * each), makes `perConnection` calls on every connection, all answered, and returns what they spent.
   */
  const spendLeasedBalance = async (quota: number, perConnection: number) => {
    const asRoot = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, rootHeaders);
    expect((await asRoot('PUT', '/user/', { id: setup.userId, quota })).success).toBe(true);
    const before = await readLedger(settings, setup);
    const statuses = await callsOnEvery(connections, setup.apiKey, perConnection);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const written = await ledgerOnceWritten(before, statuses.length);
    const spent = written.loggedQuota - before.loggedQuota;
    expect(spent).toBeGreaterThan(0);
    return { asRoot, before, spent };
  };

  beforeAll(async () => {
    await upstream.start();
    server = await startServerProcess({
      WORKERS: '2',
      SQLITE_PATH: settings.sqlitePath,
      JOURNAL_DIR: join(folder, 'journal'),
    });
    workers = await server.childPids();
    setup = await setUpBilling(server, upstream.url);
    rootHeaders = await signIn({ call: (path, init) => fetch(`${server.url}${path}`, init) }, 'root', '123456');
    await connectToEvery();
  }, 30_000);

  /** The user's quota in the database: the primary's deltas and each worker's reach it in batches of their own, each within a second. */
  const databaseQuota = () =>
    expect.poll(async () => (await readLedger(settings, setup)).userQuota, { timeout: 5000, interval: 100 });

  /** What the primary reported of each worker it detached after the worker stopped. */
  const detachedWorkers = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('stopped worker detached'))
      .map((line) => JSON.parse(line) as { released: number; untoldBills: number });

  /** New connections, and which worker serves each; true when both workers serve some. */
  const connectToEvery = async () => {
    for (const connection of connections) connection.close();
    workers = await server.childPids();
    connections = Array.from({ length: CONNECTIONS }, () => new PinnedConnection(server.url));
    for (const connection of connections) expect((await connection.call('/api/status')).status).toBe(200);
    const port = Number(new URL(server.url).port);
    owners = await Promise.all(connections.map((connection) => ownerOf(port, connection.localPort, workers)));
    return workers.length === 2 && new Set(owners).size === 2;
  };

  afterAll(async () => {
    for (const connection of connections) connection.close();
    if (server) expect(await server.stop()).toBe(0);
    await upstream.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves concurrent calls on both workers; used quota and request count equal the logs exactly', async () => {
    expect(workers).toHaveLength(2);
    expect(new Set(owners)).toEqual(new Set(workers));
    const before = await readLedger(settings, setup);
    const statuses = await callsOnEvery(connections, setup.apiKey, 30);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const ledger = await ledgerOnceWritten(before, statuses.length);
    expectExactBilling(ledger, before, statuses.length, 0);
  }, 30_000);

  it('a large balance, part of it leased to the workers, shows whole in the console and in the token', async () => {
    const quota = 100_000_000;
    const { asRoot, before, spent } = await spendLeasedBalance(quota, 10);
    const user = await asRoot<{ quota: number }>('GET', `/user/${setup.userId}`);
    expect(user.data?.quota).toBe(quota - spent);
    const token = await asRoot<{ remain_quota: number }>('GET', `/token/${setup.tokenId}`);
    expect(token.data?.remain_quota).toBe(before.tokenRemain - spent);
    await databaseQuota().toBe(quota - spent);
  }, 30_000);

  // 20 calls: every call reserves. 500 calls: the first admissions grant leases (a quarter of the balance is
  // more than 100 calls), which are spent, given back as they run low and taken back before a refusal.
  it.each([
    { calls: 20, perConnection: 6 },
    { calls: 500, perConnection: 63 },
  ])(
    'a balance covering exactly $calls calls answers $calls across both workers and refuses the rest',
    async ({ calls, perConnection }) => {
      const asRoot = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, rootHeaders);
      expect(
        (await asRoot('PUT', '/option/', { key: 'ModelPrice', value: JSON.stringify({ [CRASH_MODEL]: 0.002 }) }))
          .success,
      ).toBe(true);
      expect((await asRoot('PUT', '/user/', { id: setup.userId, quota: calls * PER_CALL_QUOTA })).success).toBe(true);
      const before = await readLedger(settings, setup);
      const statuses = await callsOnEvery(connections, setup.apiKey, perConnection);
      expect(statuses.filter((status) => status === 200)).toHaveLength(calls);
      expect(statuses.filter((status) => status === 403)).toHaveLength(statuses.length - calls);
      const ledger = await ledgerOnceWritten(before, calls);
      expect(ledger.loggedQuota - before.loggedQuota).toBe(calls * PER_CALL_QUOTA);
      await databaseQuota().toBe(0);
    },
    30_000,
  );

  it('a lease one worker holds does not make the other refuse: the balance is spent to zero through the other', async () => {
    const asRoot = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, rootHeaders);
    const calls = 500;
    expect((await asRoot('PUT', '/user/', { id: setup.userId, quota: calls * PER_CALL_QUOTA })).success).toBe(true);
    const before = await readLedger(settings, setup);
    const holder = owners[0];
    const onHolder = connections[0];
    const onOther = connections.filter((_connection, index) => owners[index] !== holder);
    if (!onHolder || onOther.length === 0) throw new Error('a connection to each worker is needed');
    // The first worker's call is trusted and takes a lease of a quarter of the balance, which it keeps.
    expect((await chat(onHolder, setup.apiKey, false)).status).toBe(200);
    const statuses = await callsOnEvery(onOther, setup.apiKey, Math.ceil(calls / onOther.length));
    expect(statuses.filter((status) => status === 200)).toHaveLength(calls - 1);
    const ledger = await ledgerOnceWritten(before, calls);
    expect(ledger.loggedQuota - before.loggedQuota).toBe(calls * PER_CALL_QUOTA);
    await databaseQuota().toBe(0);
  }, 30_000);

  it('a token disabled through one worker is refused by the other at once', async () => {
    const asRoot = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, rootHeaders);
    expect((await asRoot('PUT', '/user/', { id: setup.userId, quota: 1_000_000_000 })).success).toBe(true);
    const created = await asRoot<Array<{ id: number; key: string }>>('POST', '/token/', {
      name: 'switched',
      unlimited_quota: true,
      expired_time: -1,
    });
    const token = created.data?.[0];
    if (!token) throw new Error(`token: ${created.message}`);
    const [first] = workers;
    const viaFirst = connections[owners.indexOf(first ?? 0)];
    const viaSecond = connections[owners.findIndex((owner) => owner !== first)];
    if (!viaFirst || !viaSecond) throw new Error('a connection to each worker is needed');
    // The second worker has the token in its cache before the change (a model no channel serves: nothing is billed).
    const unserved = await viaSecond.call('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer sk-${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'no-channel-serves-this', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(JSON.parse(unserved.text)).toMatchObject({ error: { code: 'model_price_error' } });
    const disabled = await viaFirst.call('/api/token/?status_only=true', {
      method: 'PUT',
      headers: { ...rootHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ id: token.id, status: 2 }),
    });
    expect(JSON.parse(disabled.text)).toMatchObject({ success: true });
    expect((await chat(viaSecond, `sk-${token.key}`, false)).status).toBe(401);
  });

  it('what a killed worker held is given back: the balance is spent to exactly zero on the other', async () => {
    const asRoot = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, rootHeaders);
    const calls = 30;
    expect((await asRoot('PUT', '/user/', { id: setup.userId, quota: calls * PER_CALL_QUOTA })).success).toBe(true);
    const before = await readLedger(settings, setup);
    const victim = owners[0] ?? 0;
    const onVictim = connections.filter((_connection, index) => owners[index] === victim);
    const onSurvivor = connections.filter((_connection, index) => owners[index] !== victim);
    // Slow streams: the victim's calls hold their reservations when it is killed.
    upstream.behaviour = { chunkDelayMs: 2000 };
    const reached = upstream.received.length;
    const cut = onVictim.map((connection) => chat(connection, setup.apiKey, true).catch(() => null));
    await expect
      .poll(() => upstream.received.length - reached, { timeout: 10_000, interval: 20 })
      .toBe(onVictim.length);
    process.kill(victim, 'SIGKILL');
    await Promise.all(cut);
    upstream.behaviour = {};
    const statuses = await callsOnEvery(onSurvivor, setup.apiKey, Math.ceil((calls + 4) / onSurvivor.length));
    expect(statuses.filter((status) => status === 200)).toHaveLength(calls);
    const ledger = await ledgerOnceWritten(before, calls);
    expect(ledger.loggedQuota - before.loggedQuota).toBe(calls * PER_CALL_QUOTA);
    await databaseQuota().toBe(0);
  }, 30_000);

  it('the lease of a killed worker goes back to the balance: the console shows the quota less what was spent', async () => {
    await expect.poll(connectToEvery, { timeout: 15_000, interval: 200 }).toBe(true);
    const quota = 100_000_000;
    const { spent } = await spendLeasedBalance(quota, 5);
    const givenBack = () => detachedWorkers().length;
    const givenBackBefore = givenBack();
    const survivor = connections[owners.findIndex((owner) => owner !== owners[0])];
    if (!survivor) throw new Error('a connection to the other worker is needed');
    const shownQuota = async () =>
      JSON.parse((await survivor.call(`/api/user/${setup.userId}`, { headers: rootHeaders })).text).data
        .quota as number;
    process.kill(owners[0] ?? 0, 'SIGKILL');
    // Read while the primary detaches the dead worker too: the balance never shows its lease missing.
    const shown: number[] = [];
    const deadline = Date.now() + 10_000;
    while (givenBack() === givenBackBefore && Date.now() < deadline) shown.push(await shownQuota());
    expect(givenBack()).toBe(givenBackBefore + 1);
    shown.push(await shownQuota());
    expect(new Set(shown)).toEqual(new Set([quota - spent]));
    await databaseQuota().toBe(quota - spent);
  }, 30_000);
  it('a worker killed right after its calls: the primary takes the bills it had not told from its journal, into the balance and the database', async () => {
    const asRoot = consoleClient({ call: (path, init) => fetch(`${server.url}${path}`, init) }, rootHeaders);
    const quota = 100_000_000;
    expect((await asRoot('PUT', '/user/', { id: setup.userId, quota })).success).toBe(true);
    const before = await readLedger(settings, setup);
    let answered = 0;
    let untold = 0;
    // A worker tells its bills within 20 ms; a stall of the test between the answers and the kill can let it, so up to three tries.
    for (let attempt = 0; attempt < 3 && untold === 0; attempt += 1) {
      await expect.poll(connectToEvery, { timeout: 15_000, interval: 200 }).toBe(true);
      const victim = owners[0] ?? 0;
      const onVictim = connections.filter((_connection, index) => owners[index] === victim);
      const detachedBefore = detachedWorkers().length;
      const statuses = await Promise.all(
        onVictim.map(async (connection) => (await chat(connection, setup.apiKey, false)).status),
      );
      process.kill(victim, 'SIGKILL');
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      answered += statuses.length;
      await expect.poll(() => detachedWorkers().length, { timeout: 10_000, interval: 50 }).toBe(detachedBefore + 1);
      untold = detachedWorkers()[detachedBefore]?.untoldBills ?? 0;
    }
    expect(untold).toBeGreaterThan(0);
    const ledger = await ledgerOnceWritten(before, answered);
    const spent = ledger.loggedQuota - before.loggedQuota;
    expect(spent).toBeGreaterThan(0);
    await databaseQuota().toBe(quota - spent);
    const user = await asRoot<{ quota: number }>('GET', `/user/${setup.userId}`);
    expect(user.data?.quota).toBe(quota - spent);
  }, 60_000);
});
