import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_MODEL, crashSandbox, readLedger, setUpBilling } from '../../testing/crash-load';
import { FloodingUpstream } from '../../testing/flooding-upstream';
import { startServerProcess } from '../../testing/server-process';
import { StalledReader } from '../../testing/stalled-reader';
import { tcpQueuedBytes } from '../../testing/tcp-queues';

const STREAMING_TIMEOUT_SECONDS = 3;
/** what the gateway may hold of one stream: its read queue (64 KB), the socket's write buffer and a chunk or two */
const HELD_BY_GATEWAY_LIMIT = 256 * 1024;

const portOf = (url: string) => Number(new URL(url).port);

/** Resolves with the upstream's pushed bytes once they stopped growing for a moment (the stream stalls). */
async function stalledPushes(flood: FloodingUpstream): Promise<number> {
  let last = -1;
  await expect
    .poll(
      () => {
        const settled = flood.pushedBytes > 0 && flood.pushedBytes === last;
        last = flood.pushedBytes;
        return settled;
      },
      { timeout: STREAMING_TIMEOUT_SECONDS * 1000, interval: 300 },
    )
    .toBe(true);
  return last;
}

describe('a client that stops reading a stream', () => {
  const sandbox = crashSandbox('stalled-client');
  const flood = new FloodingUpstream();
  beforeAll(async () => {
    await flood.start();
  });
  afterAll(async () => {
    await flood.stop();
  });

  it('is cut after STREAMING_TIMEOUT without progress: the upstream is closed, the gateway holds little meanwhile, what was delivered is billed', async () => {
    const environment = {
      SQLITE_PATH: join(sandbox.folder, 'switchboard.db'),
      JOURNAL_DIR: join(sandbox.folder, 'journal'),
      STREAMING_TIMEOUT: String(STREAMING_TIMEOUT_SECONDS),
    };
    sandbox.running = await startServerProcess(environment);
    const server = sandbox.running;
    const setup = await setUpBilling(server, flood.url);
    const before = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    const body = JSON.stringify({
      model: CRASH_MODEL,
      stream: true,
      messages: [{ role: 'user', content: 'flood me' }],
    });
    const started = Date.now();
    const client = new StalledReader(
      server.url,
      '/v1/chat/completions',
      { authorization: `Bearer ${setup.apiKey}`, 'content-type': 'application/json' },
      body,
    );
    try {
      // While stalled, everything the upstream pushed sits in the kernel's socket buffers (sized by
      // Linux, up to 4 MB per sending socket here), except what the gateway itself holds.
      const pushed = await stalledPushes(flood);
      const inKernel = await tcpQueuedBytes([portOf(server.url), portOf(flood.url)]);
      console.info(
        `stalled client: upstream pushed ${pushed} bytes, ${inKernel} in socket buffers, ${pushed - inKernel} held by the gateway`,
      );
      expect(pushed - inKernel).toBeLessThan(HELD_BY_GATEWAY_LIMIT);
      await expect
        .poll(() => flood.closedAt.length, { timeout: (STREAMING_TIMEOUT_SECONDS + 10) * 1000, interval: 100 })
        .toBe(1);
      const closedAfterMs = (flood.closedAt[0] ?? 0) - started;
      console.info(
        `stalled client: upstream closed after ${closedAfterMs} ms, ${flood.pushedBytes} bytes pushed in all`,
      );
      // Slack: the kernel grows the socket buffers for a few seconds, each growth a little progress.
      expect(closedAfterMs).toBeLessThan((STREAMING_TIMEOUT_SECONDS + 8) * 1000);
    } finally {
      client.destroy();
    }
    expect(await server.stop()).toBe(0);
    sandbox.running = null;
    const ledger = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
    expect(ledger.logRows - before.logRows).toBe(1);
    expect(ledger.loggedQuota - before.loggedQuota).toBeGreaterThan(0);
    expect(before.userQuota - ledger.userQuota).toBe(ledger.loggedQuota - before.loggedQuota);
  }, 60_000);
});
