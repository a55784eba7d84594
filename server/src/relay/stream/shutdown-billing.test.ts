import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatabaseSettings } from '../../db/database';
import { toNumber } from '../../db/dialect';
import {
  CRASH_MODEL,
  crashSandbox,
  readLedger,
  readStopped,
  setUpBilling,
  type BillingSetup,
} from '../../testing/crash-load';
import { startServerProcess } from '../../testing/server-process';

const SHUTDOWN_TIMEOUT_SECONDS = 8;
/** a stream of about 60 s, far longer than the shutdown lets it run (half of SHUTDOWN_TIMEOUT_SECONDS) */
const WORDS = Array.from({ length: 3000 }, (_, index) => ` word${index}`);

/** Starts a stream and resolves once some of its words arrived; `rest` reads it to its end. */
async function openStream(url: string, apiKey: string) {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: CRASH_MODEL,
      stream: true,
      messages: [{ role: 'user', content: 'tell a long story' }],
    }),
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('word5')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const rest = async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  };
  return { rest };
}

async function consumptionRows(settings: DatabaseSettings, setup: BillingSetup) {
  const rows = await readStopped(settings, (db) =>
    db
      .selectFrom('logs')
      .select(['completion_tokens', 'quota', 'other'])
      .where('token_id', '=', setup.tokenId)
      .where('type', '=', 2)
      .execute(),
  );
  return rows.map((row) => ({
    completionTokens: toNumber(row.completion_tokens),
    quota: toNumber(row.quota),
    other: row.other,
  }));
}

describe.each([
  { workers: '1', signalWorkers: false, name: 'one process' },
  { workers: '2', signalWorkers: false, name: 'two workers, the primary tells them' },
  { workers: '2', signalWorkers: true, name: 'two workers, each signalled too, as systemd does' },
])('SIGTERM with a long stream open ($name)', ({ workers, signalWorkers }) => {
  const sandbox = crashSandbox(`shutdown-stream-${workers}`);

  it('waits a bounded time, cuts the stream, bills what was delivered once and exits', async () => {
    const environment = {
      SQLITE_PATH: join(sandbox.folder, 'switchboard.db'),
      JOURNAL_DIR: join(sandbox.folder, 'journal'),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      WORKERS: workers,
    };
    const database: DatabaseSettings = { kind: 'sqlite', sqlitePath: environment.SQLITE_PATH };
    sandbox.upstream.behaviour = { words: WORDS, chunkDelayMs: 20 };
    sandbox.running = await startServerProcess(environment);
    const setup = await setUpBilling(sandbox.running, sandbox.upstream.url);
    const before = await readLedger(database, setup);
    const stream = await openStream(sandbox.running.url, setup.apiKey);
    const workerPids = signalWorkers ? await sandbox.running.childPids() : [];
    const stopping = Date.now();
    for (const pid of workerPids) process.kill(pid, 'SIGTERM');
    const exited = sandbox.running.stop();
    // While the stream runs, new connections are refused (a balancer moves them to another instance).
    const statusUrl = `${sandbox.running.url}/api/status`;
    await expect
      .poll(
        () =>
          fetch(statusUrl).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000, interval: 100 },
      )
      .toBe('refused');
    expect(Date.now() - stopping).toBeLessThan((SHUTDOWN_TIMEOUT_SECONDS * 1000) / 2);
    expect(await exited).toBe(0);
    const stoppedAfterMs = Date.now() - stopping;
    sandbox.running = null;
    const received = await stream.rest();
    console.info(
      `SIGTERM with ${workers} worker(s)${signalWorkers ? ', each signalled' : ''}: exited after ${stoppedAfterMs} ms, the client got ${received.length} bytes`,
    );
    expect(stoppedAfterMs).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    expect(received).not.toContain('word2999');
    expect(received).toContain('"code":"server_shutting_down"');
    expect(sandbox.upstream.abortedStreams).toBe(1);

    const rows = await consumptionRows(database, setup);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.completionTokens).toBeGreaterThan(5);
    expect(row?.other).toContain('"stream_interrupted":true');
    const ledger = await readLedger(database, setup);
    expect(ledger.loggedQuota - before.loggedQuota).toBeGreaterThan(0);
    expect(before.userQuota - ledger.userQuota).toBe(ledger.loggedQuota - before.loggedQuota);
    expect(before.tokenRemain - ledger.tokenRemain).toBe(ledger.loggedQuota - before.loggedQuota);

    // A restart replays the journal: the bill is not written a second time.
    const restarted = await startServerProcess(environment);
    expect(await restarted.stop()).toBe(0);
    expect(await readLedger(database, setup)).toEqual(ledger);
  }, 60_000);
});
