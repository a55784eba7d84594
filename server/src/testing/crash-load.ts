import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { openDatabase, type Database, type DatabaseSettings } from '../db/database';
import { toNumber } from '../db/dialect';
import { consoleClient } from './console-client';
import { FakeOpenAIUpstream } from './fake-openai-upstream';
import type { ServerProcess } from './server-process';
import { storedRow } from './stored-rows';
import { signIn } from './test-server';

export const CRASH_MODEL = 'gpt-4o-mini';

/**
 * What a crash test of one server runs against, for the enclosing describe: a fake upstream, a fresh
 * folder for the database and the journal, and `running`, the server a test started, killed at the
 * end if a test left it running.
 */
export function crashSandbox(name: string) {
  const sandbox = {
    upstream: new FakeOpenAIUpstream(),
    folder: mkdtempSync(join(tmpdir(), `switchboard-${name}-`)),
    running: null as ServerProcess | null,
  };
  beforeAll(async () => {
    await sandbox.upstream.start();
  });
  afterAll(async () => {
    await sandbox.running?.kill();
    await sandbox.upstream.stop();
    rmSync(sandbox.folder, { recursive: true, force: true });
  });
  return sandbox;
}

/** What the crash tests set up through the console, as an administrator would. */
export interface BillingSetup {
  apiKey: string;
  tokenId: number;
  userId: number;
}

const caller = (server: Pick<ServerProcess, 'url'>) => ({
  call: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init),
});

/** Signs in as root, adds a channel to `upstreamUrl` and a limited token. */
export function setUpBilling(server: ServerProcess, upstreamUrl: string): Promise<BillingSetup> {
  return setUpThroughConsole(
    server,
    [{ type: 1, name: 'crash upstream', key: 'sk-upstream', base_url: upstreamUrl, models: CRASH_MODEL }],
    'crash',
  );
}

/** A channel as the console's form sends it (`models` comma-separated). */
export interface ConsoleChannel {
  type: number;
  name: string;
  key: string;
  base_url: string;
  models: string;
}

/** Signs in as root, adds the channels (group default) and a limited token named `tokenName`. */
export async function setUpThroughConsole(
  server: ServerProcess,
  channels: ConsoleChannel[],
  tokenName: string,
): Promise<BillingSetup> {
  const headers = await signIn(caller(server), 'root', '123456');
  const send = consoleClient(caller(server), headers);
  for (const channel of channels) {
    const added = await send('POST', '/channel/', { ...channel, group: 'default' });
    if (!added.success) throw new Error(`channel: ${added.message}`);
  }
  const created = await send<Array<{ id: number; key: string }>>('POST', '/token/', {
    name: tokenName,
    unlimited_quota: false,
    remain_quota: 500_000_000,
    expired_time: -1,
  });
  const token = created.data?.[0];
  if (!created.success || !token) throw new Error(`token: ${created.message}`);
  return { apiKey: `sk-${token.key}`, tokenId: token.id, userId: Number(headers['New-Api-User']) };
}

const CALL_TIMEOUT_MS = 10_000;

/** Clients calling chat in a loop until stopped; counts the answers they received whole. */
export class ChatLoad {
  answered = 0;
  failed = 0;
  private running = true;
  private readonly clients: Array<Promise<void>> = [];

  constructor(
    private readonly urls: () => string[],
    private readonly apiKey: string,
    clientCount: number,
  ) {
    for (let index = 0; index < clientCount; index += 1) this.clients.push(this.client(index));
  }

  private async client(index: number): Promise<void> {
    let call = 0;
    while (this.running) {
      const urls = this.urls();
      const url = urls[(index + call) % urls.length] as string;
      const stream = (index + call) % 4 === 0;
      call += 1;
      try {
        if (await this.callOnce(url, stream)) this.answered += 1;
        else this.failed += 1;
      } catch {
        this.failed += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  /**
   * True only when the whole answer arrived: the JSON with usage, or the stream up to [DONE]. A call
   * gives up after CALL_TIMEOUT_MS, as a real client would. A CI run once timed out in a worker-kill
   * test with no assertion failing: most likely a connection that the cluster primary was handing to
   * the worker as it was killed, which nobody answers; without a limit the load could never stop.
   */
  private async callOnce(url: string, stream: boolean): Promise<boolean> {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: CRASH_MODEL,
        messages: [{ role: 'user', content: 'hello' }],
        max_tokens: 30,
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      }),
    });
    const text = await response.text();
    if (response.status !== 200) return false;
    if (stream) return text.trimEnd().endsWith('data: [DONE]');
    return (JSON.parse(text) as { usage?: unknown }).usage !== undefined;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.clients);
  }
}

/** What `read` finds in the database of a stopped server: the database is opened for it and closed after. */
export async function readStopped<T>(settings: DatabaseSettings, read: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = openDatabase(settings);
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

/** What the database says about one user and token after the servers stopped. */
export interface Ledger {
  userQuota: number;
  userUsed: number;
  userRequests: number;
  tokenRemain: number;
  tokenUsed: number;
  /** consumption log rows of the token, and the sum of their quota */
  logRows: number;
  loggedQuota: number;
  /** calls counted in the hourly rollup */
  rolledCalls: number;
}

export async function readLedger(
  settings: DatabaseSettings,
  setup: Pick<BillingSetup, 'userId' | 'tokenId'>,
): Promise<Ledger> {
  return readStopped(settings, async (db) => {
    const user = await storedRow(db, 'users', { id: setup.userId }, ['quota', 'used_quota', 'request_count']);
    const token = await storedRow(db, 'tokens', { id: setup.tokenId }, ['remain_quota', 'used_quota']);
    const logs = await db
      .selectFrom('logs')
      .select((expression) => [expression.fn.countAll().as('rows'), expression.fn.sum('quota').as('quota')])
      .where('token_id', '=', setup.tokenId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    const rolled = await db
      .selectFrom('quota_data')
      .select((expression) => expression.fn.sum('count').as('calls'))
      .where('user_id', '=', setup.userId)
      .executeTakeFirst();
    return {
      userQuota: toNumber(user.quota),
      userUsed: toNumber(user.used_quota),
      userRequests: toNumber(user.request_count),
      tokenRemain: toNumber(token.remain_quota),
      tokenUsed: toNumber(token.used_quota),
      logRows: toNumber(logs.rows),
      loggedQuota: toNumber(logs.quota),
      rolledCalls: toNumber(rolled?.calls),
    };
  });
}

/**
 * Every answer a client received whole is billed and logged once, even though the server was
 * SIGKILLed under load: the ledger after a restart agrees with itself and with the clients.
 * A call answered at the very moment of the kill may be billed without its answer arriving, so
 * billed may exceed answered by at most the calls in flight.
 */
export function expectExactBilling(ledger: Ledger, before: Ledger, answered: number, inFlight: number) {
  const logRows = ledger.logRows - before.logRows;
  const loggedQuota = ledger.loggedQuota - before.loggedQuota;
  const perCall = logRows > 0 ? loggedQuota / logRows : 0;
  expect(perCall).toBeGreaterThan(0);
  const summary = {
    logged: logRows,
    billedByUser: (before.userQuota - ledger.userQuota) / perCall,
    billedByToken: (before.tokenRemain - ledger.tokenRemain) / perCall,
    requests: ledger.userRequests - before.userRequests,
    rolled: ledger.rolledCalls - before.rolledCalls,
    userUsed: ledger.userUsed - before.userUsed,
    tokenUsed: ledger.tokenUsed - before.tokenUsed,
  };
  expect(summary).toEqual({
    logged: logRows,
    billedByUser: logRows,
    billedByToken: logRows,
    requests: logRows,
    rolled: logRows,
    userUsed: loggedQuota,
    tokenUsed: loggedQuota,
  });
  expect(logRows).toBeGreaterThanOrEqual(answered);
  expect(logRows - answered).toBeLessThanOrEqual(inFlight);
}

/** The balances the Redis balance book holds for the set-up user and token. */
export async function balancesInRedis(
  redisUrl: string,
  setup: Pick<BillingSetup, 'userId' | 'tokenId'>,
): Promise<{ user: number; token: number }> {
  const client = new Redis(redisUrl);
  try {
    const [user, token] = await Promise.all([
      client.get(`switchboard:balance:user:${setup.userId}`),
      client.get(`switchboard:balance:token:${setup.tokenId}`),
    ]);
    return { user: Number(user), token: Number(token) };
  } finally {
    client.disconnect();
  }
}

/** SIGKILLs one worker of a WORKERS=2 server and waits until the primary has forked its replacement. */
export async function killOneWorker(server: ServerProcess): Promise<{ victim: number; survivor: number }> {
  const [victim = 0, survivor = 0] = await server.childPids();
  process.kill(victim, 'SIGKILL');
  await expect
    .poll(
      async () => {
        const pids = await server.childPids();
        return pids.length === 2 && !pids.includes(victim);
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);
  return { victim, survivor };
}
